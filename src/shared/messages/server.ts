/**
 * What the server and its tools write: log lines, server-side refusals, the simulator's and the backup tool's words.
 * Every user-facing Chinese string lives in src/shared/messages (STYLE §8), one file per area, imported directly.
 * Texts quoted by SPEC §5 and §8 are reproduced exactly; code refers to them by key.
 */

/** Server log lines (operators read them in Chinese too). */
export const logMessages = {
  demoActive: '警告：演示账号已启用（admin / demo / demo-east / demo-west / demo-staff），请勿在生产环境使用',
  adminCreated: (file: string) => `已创建平台管理员 admin，初始密码已写入 ${file}（日志中不记录密码；请登录后立即修改密码并删除该文件）`,
  listening: (url: string) => `服务已启动：${url}`,
  captchaFixed: '警告：MDM_CAPTCHA_ANSWER 已设置，所有验证码答案固定，仅供测试使用',
  captchaFixedInProduction: 'NODE_ENV=production 时不允许设置 MDM_CAPTCHA_ANSWER',
  demoInProduction: 'NODE_ENV=production 时不允许启用演示模式（MDM_DEMO=on）：演示账号的密码是公开的',
  smsLogInProduction: '警告：MDM_SMS_PROVIDER=log，短信验证码将写入服务器日志，请勿在生产环境使用',
  configInvalid: (key: string, reason: string) => `配置项 ${key} 无效：${reason}`,
  tlsConfigInvalid: 'MDM_TLS_CERT_FILE 与 MDM_TLS_KEY_FILE 须同时设置',
  tlsFileUnreadable: (file: string, reason: string) => `无法读取 TLS 证书或私钥文件 ${file}（${reason}）：请检查 MDM_TLS_CERT_FILE / MDM_TLS_KEY_FILE 的路径和权限`,
  tlsClientCertConflict:
    'MDM_APPLE_IDENTITY=client-cert 需要前置的 TLS 终端验证并转发设备的客户端证书，不能与 MDM_TLS_CERT_FILE / MDM_TLS_KEY_FILE（由本服务直接提供 HTTPS）同时使用',
  tlsPairInvalid: (cert: string, key: string, reason: string) => `TLS 证书 ${cert} 与私钥 ${key} 无法使用（格式无效或二者不匹配）：${reason}`,
  demoRequestTimedOut: (url: string, seconds: number) => `演示设备请求 ${url} 在 ${seconds} 秒内没有应答`,
  tlsReloaded: (file: string) => `已启用续期后的 TLS 证书 ${file}（新连接生效）`,
  tlsReloadFailed: (file: string, reason: string) => `TLS 证书 ${file} 未能重新载入，继续使用原证书：${reason}`,
  secretKeyInvalid: 'MDM_SECRET_KEY 无效：应为 64 位十六进制数字，或 32 字节的 base64',
  secretKeyFileInvalid: (file: string) => `密钥文件 ${file} 无效：应为 64 位十六进制数字；请恢复原文件（更换后已保存的访问密钥将无法使用）`,
  secretsSealed: (keys: number, results: number) => `已加密此前明文保存的数据：访问密钥 ${keys} 个，锁屏密码结果 ${results} 条`,
  secretKeyCreated: (file: string) =>
    `已生成数据加密密钥 ${file}（用于加密访问密钥）：请与数据库分开备份；也可用 MDM_SECRET_KEY 提供`,
} as const

/** The device simulator's command line and log lines (src/sim, issue #6). */
export const simulatorText = {
  answerOffContract: (path: string, detail: string) => `服务器对 ${path} 的应答不符合协议：${detail}`,
  usage: `用法：npx tsx src/sim/cli.ts --token <接入令牌> --serial <序列号> [选项]

  --server <地址>     服务器地址（默认 http://localhost:8080）
  --token <令牌>      公司的设备接入令牌（控制台“设备接入”生成）
  --serial <序列号>   设备序列号；与 --count 一起使用时作为前缀（SIM0001、SIM0002 …）
  --count <数量>      模拟的设备台数（默认 1）
  --platform <类型>   HUAWEI 或 MI（默认 HUAWEI，须与令牌一致）
  --passcode <密码>   设备的锁屏密码（默认无）
  --model <型号>      设备型号（默认 ALN-AL00）
  --interval <秒>     轮询间隔（默认按服务器要求）
  --once              只轮询一次然后退出
  --help              显示本说明`,
  started: (count: number) => `已启动 ${count} 台模拟设备，按 Ctrl-C 停止`,
  executed: (count: number) => `执行了 ${count} 个任务`,
  skipped: { poweredOff: '设备处于关机状态，本次未连接服务器（现已开机）', leftManagement: '设备已退出管控，不再连接服务器' },
  failed: (message: string) => `失败：${message}`,
  enrolled: (deviceId: number) => `已接入，设备编号 ${deviceId}`,
  poweredOn: '已开机',
  taskDone: (type: string) => `${type} → 已完成`,
  taskFailed: (type: string, reason: string) => `${type} → 执行失败（${reason}）`,
  pollFailed: (message: string) => `轮询失败：${message}`,
} as const

/** Server answers that are not about one area (src/server): limits, missing services, the unbuilt console. */
export const serverMessages = {
  /** The footer's ICP notice until MDM_ICP is set. */
  icpPlaceholder: '京ICP备00000000号-1',
  bodyTooLarge: '请求体过大',
  consoleNotBuilt: '控制台尚未构建，请运行 npm run build',
  assetNotFound: '文件不存在（控制台可能已更新，请刷新页面）',
  smsNotConfigured: '短信服务未配置，请联系管理员',
  enrollInProgress: '该序列号的设备正在接入，请稍后重试',
  /** Issue #10: the rate limiter's refusals; N is the minutes until the window ends. */
  loginLocked: (minutes: number) => `登录失败次数过多，请 ${minutes} 分钟后再试`,
  signatureLocked: (minutes: number) => `签名校验失败次数过多，请 ${minutes} 分钟后再试`,
  enrollLocked: (minutes: number) => `设备接入失败次数过多，请 ${minutes} 分钟后再试`,
  smsLocked: (minutes: number) => `发送验证码过于频繁，请 ${minutes} 分钟后再试`,
  /** Issue #41: guesses at one account from many addresses slow its sign-in from new addresses; N is seconds. */
  loginSlowed: (seconds: number) => `该账号近期登录失败次数较多，请 ${seconds} 秒后再试（在常用网络下登录不受影响）`,
  passwordLocked: (minutes: number) => `密码校验失败次数过多，请 ${minutes} 分钟后再试`,
  captchaLocked: (minutes: number) => `获取验证码过于频繁，请 ${minutes} 分钟后再试`,
  registerLocked: (minutes: number) => `注册申请过于频繁，请 ${minutes} 分钟后再试`,
  /** Start-up refusal (read in a log, so English follows the Chinese). */
  dataFolderLocked: (folder: string, owner: string, lockFile: string) =>
    `数据目录 ${folder} 已被另一个进程（${owner}）打开，同一目录不能由两个进程同时使用。` +
    `The PGlite data folder ${folder} is already open in process ${owner}; it must never be opened by two processes. ` +
    `若该进程已不存在，请删除锁文件后重试 / If that process is gone, delete the lock file: ${lockFile}`,
  databaseUnavailable: '数据库暂时不可用，请稍后重试',
} as const

/** npm run backup / npm run restore (src/server/backup): what the operator reads in the terminal. */
export const backupText = {
  notPglite: '只能备份内置数据库（PGlite 数据目录）；PostgreSQL 请使用 pg_dump / pg_restore（见 README「备份与恢复」）',
  dataDirMissing: (dir: string) => `数据目录 ${dir} 不存在或为空，没有可备份的数据`,
  inUse: (lock: string) => `数据目录正被运行中的服务器使用（存在锁文件 ${lock}），请先停止服务器`,
  usage: '用法：npm run restore -- <备份文件.tar.gz> [--force]',
  archiveMissing: (file: string) => `备份文件 ${file} 不存在`,
  targetNotEmpty: (dir: string) => `数据目录 ${dir} 不为空；确认要覆盖请加 --force`,
  fileExists: (file: string) => `${file} 已存在且与备份中的不同；确认要覆盖请加 --force`,
  fileNotInBackup: (file: string) => `备份中没有 ${file}，已跳过`,
  keyFromEnvironment: '密钥来自环境变量 MDM_SECRET_KEY，未写入备份，请另行妥善保管',
  backedUp: (archive: string, files: number) => `已备份到 ${archive}（另有 ${files} 个文件在同名 .files 目录中）`,
  restored: (dir: string) => `已恢复到 ${dir}`,
  failed: simulatorText.failed,
} as const
