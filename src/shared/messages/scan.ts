/** Scanning a serial number or IMEI barcode with the camera (issue #43 item 6). */
export const scanText = {
  scan: '扫码',
  scanToSearch: '扫码搜索',
  scanToFill: '扫码填入',
  title: '扫描条码',
  hint: '将序列号或 IMEI 条码对准取景框',
  viewfinder: '相机取景',
  noCamera: '无法打开相机：请允许浏览器使用相机，或直接输入序列号',
  cancel: '取消',
} as const
