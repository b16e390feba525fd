import { iosWallpaperEndpoints } from '../../../shared/contract/ios-wallpaper'
import { routesOf } from '../../http/endpoints'

/** The wallpaper tab's endpoints (contract/ios-wallpaper.ts). */
export const iosWallpaperRoutes = routesOf(iosWallpaperEndpoints, {
  list: (ctx) => ctx.services.wallpapers.list(ctx.user),
  upload: (ctx, req) => ctx.services.wallpapers.upload(ctx.user, req),
  delete: (ctx, req) => ctx.services.wallpapers.delete(ctx.user, req.id).then(() => null),
  image: (ctx, q) => ctx.services.wallpapers.image(ctx.user, q.id),
  install: (ctx, req) => ctx.services.wallpapers.install(ctx.user, req),
  onDevice: (ctx, q) => ctx.services.wallpapers.onDevice(ctx.user, q.deviceId),
})
