import { commonPhraseEndpoints } from '../../../shared/contract/common-phrases'
import { routesOf } from '../../http/endpoints'

/** Saved phrases and phones of the lost-mode dialog (SPEC §7 'Phrases', main base). */
export const commonPhraseRoutes = routesOf(commonPhraseEndpoints, {
  add: (ctx, req) => ctx.services.commonPhrases.add(ctx.user, req),
  delete: (ctx, req) => ctx.services.commonPhrases.delete(ctx.user, req.id).then(() => null),
  listByType: (ctx, q) => ctx.services.commonPhrases.listByType(ctx.user, q.type),
})
