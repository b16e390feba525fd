import type { Db } from '../db/client'
import { agreementVersions, announcements } from '../db/schema'
import type { DemoIds } from './seed'

/** The demo's service agreement text (issue #15): what a platform administrator would set. */
export const demoAgreementText = [
  '设备管理平台服务合同',
  '',
  '第一条 服务内容：平台为贵公司提供苹果、华为、小米设备的远程管理服务，包括设备登记、远程指令、丢失模式、额度管理等。',
  '第二条 额度：每台设备接入时消耗一个对应类型的额度；续费延长设备的服务期并消耗额度，消耗记录可在额度记录页查看。',
  '第三条 数据：贵公司及下级公司的设备与租用人数据仅对贵公司可见，平台不向第三方提供。',
  '第四条 合规使用：贵公司应确保设备管理行为符合法律法规并已告知设备使用人，不得用于非法用途。',
  '第五条 生效：本合同自贵公司主账号在本页面确认之日起生效。',
].join('\n')

/**
 * Demo announcements and agreement (issue #15). The announcements are not pinned: a pinned one would pop up after
 * every demo sign-in, the browser tests' included; pinning one on /announcement shows the pop-up.
 */
export async function seedDemoContent(db: Db, ids: DemoIds): Promise<void> {
  await db.insert(announcements).values([
    {
      title: '欢迎使用设备管理平台',
      content: '欢迎使用设备管理平台。\n左上角菜单可进入苹果设备、华为设备、额度记录等页面；首页看板汇总设备状态。\n如有问题请联系平台管理员。',
      createdBy: ids.adminId,
    },
    {
      title: '服务合同已发布',
      content: '平台服务合同已发布，请主账号在“合同管理”页面阅读并确认。',
      createdBy: ids.adminId,
    },
  ])
  await db.insert(agreementVersions).values({ content: demoAgreementText, createdBy: ids.adminId })
}
