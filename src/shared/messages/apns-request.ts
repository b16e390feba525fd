/**
 * The APNs push certificate's request made in the console (issue #42): the server makes the push key and its CSR,
 * the console downloads the CSR (or the vendor-signed request), Apple's answer is uploaded and finds its key.
 */
export const apnsRequestText = {
  title: '申请推送证书',
  steps: [
    '1. 点击“生成证书请求”：服务器生成推送私钥（加密保存，不离开服务器）和证书请求（CSR）',
    '2. 下载请求，用贵公司的 Apple ID 登录 Apple 推送证书门户（identity.apple.com），上传请求；续期时请选择原证书的“Renew”，主题保持不变',
    '3. 下载 Apple 签发的证书（.pem），在下方“上传新证书”中选择“Apple 签发的证书”上传',
  ],
  vendorHint: '服务器已配置 MDM 供应商证书：下载“已签名的请求”即可直接上传到 Apple',
  noVendorHint: '服务器未配置 MDM 供应商证书：请先将 CSR 交给 MDM 供应商签名，再把供应商返回的请求上传到 Apple',
  create: '生成证书请求',
  created: '已生成证书请求',
  createdAt: '请求生成于',
  usedAt: '已用于证书',
  unused: '等待 Apple 签发的证书',
  downloadCsr: '下载 CSR',
  downloadSigned: '下载已签名的请求',
  csrFileName: 'PushCertificateRequest.csr',
  signedFileName: 'PushCertificateRequest.plist',
  noRequest: '尚未生成证书请求',
  /** The upload form's third format: a certificate without key, matched to a stored request's key. */
  answerFormat: 'Apple 签发的证书',
  answerFile: '证书文件（.pem 或 .cer）',
  answerHint: '只需上传证书：私钥由服务器按证书的公钥找到',
  badCertificate: '无法读取证书文件（需要 PEM 或 DER 格式的证书）',
  noMatchingRequest: '此证书与本服务器生成的证书请求都不匹配：请上传用本服务器的证书请求申请到的证书，或上传证书和私钥',
  notSigned: '服务器未配置 MDM 供应商证书，无法生成已签名的请求',
  vendorConfigInvalid: 'MDM_APNS_VENDOR_CERT_FILE 与 MDM_APNS_VENDOR_KEY_FILE 须同时设置',
  vendorKeyMismatch: 'MDM_APNS_VENDOR_KEY_FILE 的私钥与 MDM_APNS_VENDOR_CERT_FILE 的第一张证书不匹配',
} as const
