import { workspaceEndpoints } from '../../../shared/contract/workspace'
import { routesOf } from '../../http/endpoints'

/** The dashboard (issue #15): six read-only endpoints, each one service method. */
export const workspaceRoutes = routesOf(workspaceEndpoints, {
  panel: (ctx) => ctx.services.workspace.panel(ctx.user),
  subAccountList: (ctx, q) => ctx.services.workspace.subAccountList(ctx.user, q),
  trend: (ctx, q) => ctx.services.workspace.trend(ctx.user, q.days),
  histogram: (ctx, q) => ctx.services.workspace.histogram(ctx.user, q.months),
  pieChart: (ctx) => ctx.services.workspace.pieChart(ctx.user),
  deviceOffline24H: (ctx, q) => ctx.services.workspace.deviceOffline24H(ctx.user, q),
})
