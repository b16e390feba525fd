import { announcementEndpoints } from '../../../shared/contract/announcement'
import { routesOf } from '../../http/endpoints'

const done = () => null

export const announcementRoutes = routesOf(announcementEndpoints, {
  search: (ctx, q) => ctx.services.announcements.search(ctx.user, q),
  detail: (ctx, q) => ctx.services.announcements.detail(ctx.user, q.id),
  list: (ctx, q) => ctx.services.announcements.list(ctx.user, q.size),
  listNotReadTop: (ctx) => ctx.services.announcements.listNotReadTop(ctx.user),
  add: (ctx, req) => ctx.services.announcements.add(ctx.user, req),
  update: (ctx, req) => ctx.services.announcements.update(ctx.user, req),
  remove: (ctx, req) => ctx.services.announcements.remove(req.id).then(done),
  read: (ctx, req) => ctx.services.announcements.read(ctx.user, req.id).then(done),
})
