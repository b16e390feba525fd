/**
 * Apple MDM (issue #12): enrollment profile, check-in and command endpoints, catalogue, APNs.
 * Every user-facing Chinese string lives in src/shared/messages (STYLE §8), one file per area, imported directly.
 * Texts quoted by SPEC §5 and §8 are reproduced exactly; code refers to them by key.
 */

/** Apple MDM (issue #12): enrollment profile, check-in and command endpoints, the command catalogue, APNs. */
export const appleMdmText = {
  caCreated: (dir: string) => `已创建设备证书颁发机构（CA）：${dir}/ca.pem、ca.key；请与密钥文件一同备份，丢失后所有苹果设备需重新注册`,
  profileCompanyOnly: '仅公司账号可下载注册描述文件',
  profileDisplayName: (company: string) => `${company} 设备管理`,
  profileDescription: '安装后，本设备将由所属公司远程管理（丢失模式、定位、抹掉等）',
  identityPayloadName: '设备身份证书',
  mdmPayloadName: '移动设备管理',
  badMessage: '无法解析的 MDM 消息',
  identityInvalid: '设备身份验证失败',
  serialInOtherCompany: '该序列号的设备属于其他公司，无法注册',
  unknownMessageType: '不支持的签到消息类型',
  notEnrolled: '设备尚未通过 MDM 注册，无法下发指令',
  deviceNotFound: '设备不存在',
  unknownCommand: '不支持的指令',
  badParams: '指令参数不正确',
  noUnlockToken: '设备尚未上报解锁令牌，无法清除锁屏密码',
  commandFailed: '设备执行指令失败',
  commandFormatError: '设备无法识别该指令（格式错误）',
  webServiceNotConfigured: (what: string) => `未配置苹果商务管理（ABM）服务，无法${what}，请联系管理员`,
  disableActivationLock: '移除激活锁',
  disown: '解除ABM',
  payModeMessage: '请按时缴纳租金，缴费后设备将自动解锁',
  lockDownMessage: '本设备已被锁定，请联系设备所属公司',
  apnsNotConfigured: '未配置 APNs 推送证书（MDM_APNS_CERT_FILE / MDM_APNS_KEY_FILE）：苹果设备将在下次签到时取回指令',
  apnsFailed: (status: number | string, reason: string) => `APNs 推送失败：${status} ${reason}`,
  apnsConfigInvalid: 'MDM_APNS_CERT_FILE 与 MDM_APNS_KEY_FILE 须同时设置',
} as const
