/** The phone's bottom bar and the installation offer (issue #43 items 6 and 8). */
export const shellText = {
  bottomBar: '常用',
  home: '首页',
  devices: '设备',
  me: '我的',
  install: '安装到桌面',
  installIosTitle: '添加到主屏幕',
  installIosSteps: ['点按 Safari 底部的“分享”按钮', '在菜单中选择“添加到主屏幕”', '点按右上角的“添加”'],
  installIosHint: '添加后可像 App 一样从桌面打开，离线也能查看已缓存的设备。',
  wechatHint: '微信内置浏览器无法安装本应用，也可能无法使用相机扫码：请点按右上角“…”，选择“在浏览器打开”。',
  close: '知道了',
} as const

/** A tablet's device table (issue #43 item 7). */
export const tableText = {
  devices: '设备列表',
  select: '选择',
  actions: '操作',
  /** The device table's column of a device's state with its last contact under it (sorted by the last contact). */
  stateAndLastContact: '状态 / 最后通信',
} as const
