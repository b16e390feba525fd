/**
 * Messages of the domain rules (src/shared/domain): validators, formatters, status.
 * Every user-facing Chinese string lives in src/shared/messages (STYLE §8), one file per area, imported directly.
 * Texts quoted by SPEC §5 and §8 are reproduced exactly; code refers to them by key.
 */

/** Texts of the shared domain rules (src/shared/domain) and of the components that show them. */
export const domainText = {
  /** SPEC §4 connection status. */
  connectionStatus: { success: '在线', warning: '不稳定', error: '离线' },
  validation: {
    integer: '请输入正整数',
    number: '只能输入数字',
    idCardFormat: '身份证号码应为18位，前17位为数字，最后一位为数字或X',
    idCardBirthDate: '身份证号码中的出生日期无效',
    idCardChecksum: '身份证号码校验位不正确',
    dateString: '请输入有效的日期，格式为 YYYY-M-D 或 YYYY/M/D',
    serialNumberRequired: '请输入序列号',
    expiryTimeMinute: '有效期只能填写不小于0的整数（分钟）',
  },
  /** SPEC §9: sizes from 1 TB on. */
  fileSizeOverLimit: '文件超过1TB',
  relativeTime: {
    justNow: '刚刚',
    ago: (amount: number, unit: string) => `${amount} ${unit}前`,
    later: (amount: number, unit: string) => `${amount} ${unit}后`,
    units: { year: '年', month: '个月', week: '周', day: '天', hour: '小时', minute: '分钟', second: '秒' },
  },
  /** Numerals and units of amounts written in Chinese capitals (SPEC §9). */
  chineseMoney: {
    digits: ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'],
    smallUnits: ['', '拾', '佰', '仟'],
    zero: '零',
    wan: '万',
    yi: '亿',
    yuan: '元',
    jiao: '角',
    fen: '分',
    whole: '整',
    negative: '负',
  },
  paging: {
    range: (from: number, to: number, total: number) => `${from}-${to} / 共 ${total} 条`,
    /** A total beyond the exact-count limit is the database's estimate (issue #16), and says so. */
    rangeEstimated: (from: number, to: number, total: number) => `${from}-${to} / 约 ${total} 条`,
    pageOfEstimated: (current: number, count: number) => `第 ${current} / 约 ${count} 页`,
    navLabel: '分页',
    previous: '上一页',
    next: '下一页',
    pageOf: (current: number, count: number) => `第 ${current} / ${count} 页`,
    pageSize: '每页',
    pageSizeOption: (size: number) => `${size} 条/页`,
    jumpTo: '跳至',
    jump: '跳转',
  },
  /** SPEC §3 restriction-profile switches. */
  strategy: {
    labels: {
      notAllowDefinitionLookup: '禁止查询词语释义',
      notAllowDiagnosticSubmission: '禁止提交诊断数据',
      notAllowEnterpriseAppTrust: '禁止信任企业级应用',
      notAllowEraseContentAndSettings: '禁止抹掉所有内容和设置',
      notAllowFilesNetworkDriveAccess: '禁止“文件”访问网络驱动器',
      notAllowFilesUSBDriveAccess: '禁止“文件”访问 USB 驱动器',
      notAllowHostPairing: '禁止与电脑配对',
      notAllowUIConfigurationProfileInstallation: '禁止手动安装描述文件',
      notAllowVPNCreation: '禁止添加 VPN 配置',
      forceEncryptedBackup: '强制加密备份',
      forceAutomaticDateAndTime: '强制自动设置日期与时间',
      notAllowAccountModification: '禁止修改账户',
      notAllowLeaveRemoteManagement: '禁止退出远程管理',
      notAllowFindMyDevice: '禁止使用“查找”',
      notAllowSetDns: '禁止修改 DNS 设置',
    },
    expiryTimeMinute: '策略有效期（分钟）',
  },
} as const
