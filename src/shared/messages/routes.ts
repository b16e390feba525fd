/**
 * Titles of the routes of SPEC §2, the menu's and its groups'.
 * Every user-facing Chinese string lives in src/shared/messages (STYLE §8), one file per area, imported directly.
 * Texts quoted by SPEC §5 and §8 are reproduced exactly; code refers to them by key.
 */

/** The device families, as their menu groups and device lists are titled. */
const familyTitles = { ios: '苹果设备', huawei: '华为设备', mi: '小米设备' } as const

/** Titles of the routes of SPEC §2 (also the server menu's titles). */
export const routeTitles = {
  '/dashboard': '首页',
  '/ios/device': familyTitles.ios,
  '/ios/recycle': '苹果回收站',
  '/ios/detail': '苹果设备详情',
  '/ios/renew': '续费管理',
  // Issue #42: the company's Apple Business Manager link and its devices.
  '/ios/abm': '苹果商务管理（ABM）',
  '/huawei/device': familyTitles.huawei,
  '/huawei/recycle': '华为回收站',
  '/huawei/detail': '华为设备详情',
  '/mi/device': familyTitles.mi,
  '/mi/recycle': '小米回收站',
  '/user/business': '下级公司',
  '/user/staff': '员工管理',
  '/account/ios': '苹果额度记录',
  '/account/huawei': '华为额度记录',
  '/sys': '角色管理',
  '/center': '个人中心',
  '/certificate': '证书管理',
  '/contract': '合同管理',
  '/blacklist': '黑名单',
  '/announcement': '公告管理',
  '/announcement/create': '新建公告',
  '/announcement/edit': '编辑公告',
  '/access': '访问密钥',
  '/userRegister': '注册审核',
  '/audit': '操作日志',
} as const

export type RoutePath = keyof typeof routeTitles

/** A device family's pages, inside its menu group (the group already says which family). */
/** Issue #43: a screen's title for a user who may only read it (公告, not 公告管理). */
export const readOnlyTitles: Partial<Record<RoutePath, string>> = {
  '/announcement': '公告',
}

export const familyPageTitles = { device: '设备列表', recycle: '回收站', detail: '设备详情' } as const

/** Shorter titles for pages shown inside a menu group. */
export const menuTitles: Partial<Record<RoutePath, string>> = {
  '/ios/device': familyPageTitles.device,
  '/ios/recycle': familyPageTitles.recycle,
  '/ios/detail': familyPageTitles.detail,
  '/ios/abm': '苹果商务管理',
  '/huawei/device': familyPageTitles.device,
  '/huawei/recycle': familyPageTitles.recycle,
  '/huawei/detail': familyPageTitles.detail,
  '/mi/device': familyPageTitles.device,
  '/mi/recycle': familyPageTitles.recycle,
}

/**
 * The Mi detail is shown at its list's address, with mi-device-id (SPEC §2 has no /mi/detail route): the header titles
 * it as the Huawei and Apple details are titled.
 */
export const miDetailTitle = '小米设备详情'

/** Titles of menu groups (type -1). */
export const menuGroupTitles = {
  ...familyTitles,
  organization: '组织管理',
  quota: '额度管理',
  system: '系统管理',
} as const
