/** Issue #43 item 4: lost mode a field worker can act on (the iPhone detail's summary and its map). */
export const lostModeText = {
  title: '丢失模式已开启',
  since: (time: string) => `自 ${time} 起`,
  sinceUnknown: '开启时间未知',
  message: '锁屏显示',
  phone: '联系电话',
  none: '（无）',
  lastSeenAt: (place: string, time: string) => `最近位置：${place}（${time}）`,
  noLocation: '设备尚未上报位置，可点击“设备定位”或在“地图”中获取最新位置',
  address: '地址',
  navigate: '导航到此位置',
  tilesFailed: '地图底图无法加载（网络或地图服务不可用），可使用上方坐标或“导航到此位置”',
} as const
