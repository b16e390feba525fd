import { lazyDialog } from '../../components/lazy-dialog'

/* The Apple dialogs, fetched on first open: the list and the detail show without antd-mobile's Form and zod. */
export const IosDeviceForm = lazyDialog(() => import('./IosDeviceForm').then((m) => m.IosDeviceForm))
export const ProfileDialog = lazyDialog(() => import('./ProfileDialog').then((m) => m.ProfileDialog))
