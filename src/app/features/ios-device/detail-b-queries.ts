import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { IosAppAddRequest } from '../../../shared/contract/ios-apps'
import type { WallpaperUploadRequest } from '../../../shared/contract/ios-wallpaper'
import { call } from '../../api/http'
import { api } from '../../api/routes'
import { deviceKeys } from '../../components/device/queries'
import { iosFamily } from './family'

/** The apps and wallpaper tabs' data (issue #14): the company's catalogues, and what is applied to one device. */
export const detailBKeys = {
  apps: ['iosApps'] as const,
  wallpapers: ['iosWallpapers'] as const,
  appRestrictions: (deviceId: number) => [...deviceKeys.detail(iosFamily.platform, deviceId), 'appRestrictions'] as const,
  wallpaperOnDevice: (deviceId: number) => [...deviceKeys.detail(iosFamily.platform, deviceId), 'wallpaper'] as const,
}

export const appCatalogueQuery = () => queryOptions({ queryKey: detailBKeys.apps, queryFn: () => call(api.iosApps.list) })
export const appRestrictionsQuery = (deviceId: number) =>
  queryOptions({ queryKey: detailBKeys.appRestrictions(deviceId), queryFn: () => call(api.iosApps.restrictions, { deviceId }) })
export const wallpapersQuery = () => queryOptions({ queryKey: detailBKeys.wallpapers, queryFn: () => call(api.iosWallpaper.list) })
export const wallpaperOnDeviceQuery = (deviceId: number) =>
  queryOptions({ queryKey: detailBKeys.wallpaperOnDevice(deviceId), queryFn: () => call(api.iosWallpaper.onDevice, { deviceId }) })

export function useAppMutations() {
  const client = useQueryClient()
  const catalogueChanged = () => client.invalidateQueries({ queryKey: detailBKeys.apps })
  return {
    add: useMutation({ mutationFn: (req: IosAppAddRequest) => call(api.iosApps.add, req), onSuccess: catalogueChanged }),
    remove: useMutation({ mutationFn: (id: number) => call(api.iosApps.delete, { id }), onSuccess: catalogueChanged }),
  }
}

export function useWallpaperMutations() {
  const client = useQueryClient()
  const listChanged = () => client.invalidateQueries({ queryKey: detailBKeys.wallpapers })
  return {
    upload: useMutation({ mutationFn: (req: WallpaperUploadRequest) => call(api.iosWallpaper.upload, req), onSuccess: listChanged }),
    remove: useMutation({ mutationFn: (id: number) => call(api.iosWallpaper.delete, { id }), onSuccess: listChanged }),
  }
}
