/**
 * Issue #42, automated enrollment (Apple Business Manager): what the enrollment URL and the server say when a phone's
 * MachineInfo is refused, and what the console reads of a phone enrolled through ABM.
 */
export const appleDepText = {
  /** The MachineInfo is not a CMS signature by an Apple device identity chained to a configured root, or not a MachineInfo. */
  machineInfoInvalid: '设备信息（MachineInfo）签名无效，拒绝提供注册描述文件',
  /** The signed serial is in no company's Apple Business Manager (or was removed or released there). */
  serialNotOwned: '该设备不在任何公司的苹果商务管理（ABM）中，拒绝提供注册描述文件',
  /** MDM_APPLE_DEP_ROOTS_FILE names a file that is missing or holds no certificate. */
  rootsFileInvalid: (file: string) => `MDM_APPLE_DEP_ROOTS_FILE 无法读取或不含证书：${file}`,
} as const
