import { useQuery } from '@tanstack/react-query'
import { apiBases } from '../../../shared/contract/routes'
import { buildUrl } from '../../api/http'
import { api } from '../../api/routes'
import { getToken } from '../../api/token'
import { detailBKeys } from './detail-b-queries'

/**
 * A wallpaper's image as an object URL: an <img> cannot send the bearer token, so the image is fetched with it (as
 * the download helper does) and shown from memory. Cached per wallpaper id; never persisted.
 */
export function useWallpaperImage(id: number | null): string | undefined {
  const endpoint = api.iosWallpaper.image
  const query = useQuery({
    queryKey: [...detailBKeys.wallpapers, 'image', id] as const,
    enabled: id !== null,
    staleTime: Infinity,
    queryFn: async () => {
      const token = getToken()
      const res = await fetch(buildUrl(apiBases[endpoint.base], endpoint.path, { id }), { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      if (!res.ok) return null
      return URL.createObjectURL(await res.blob())
    },
  })
  return query.data ?? undefined
}
