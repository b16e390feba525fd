import { lazyDialog } from '../../components/lazy-dialog'

/* The device dialogs, fetched on first open: the list and the detail show without antd-mobile's Form and zod. */
export const DeviceFormDialog = lazyDialog(() => import('./DeviceFormDialog').then((m) => m.DeviceFormDialog))
export const EnrollmentDialog = lazyDialog(() => import('./EnrollmentDialog').then((m) => m.EnrollmentDialog))
