import { lazyDialog } from './lazy-dialog'

/** The device transfer dialog, fetched on first open (it carries antd-mobile's Form). */
export const MoveDeviceDialog = lazyDialog(() => import('./DeviceMoveDialog').then((m) => m.DeviceMoveDialog))
