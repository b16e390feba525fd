import { accessEndpoints } from './access'
import { accountEndpoints } from './account'
import { agentEndpoints } from './agent'
import { auditEndpoints } from './audit'
import { commonPhraseEndpoints } from './common-phrases'
import { companyEndpoints } from './company'
import { endpointsOf } from './endpoint'
import { iosDetailEndpoints } from './ios-detail-a'
import { deviceEndpoints, openApiEndpoints, taskEndpoints } from './huawei-device'
import { myDeviceEndpoints } from './my-device'
import { myDeviceExtraEndpoints } from './my-device-extras'
import { personalCenterEndpoints } from './personal-center'
import { quotaEndpoints } from './quota'
import { registrationEndpoints } from './registration'
import { roleEndpoints } from './role'
import { staffEndpoints } from './staff'
import { iosAppEndpoints } from './ios-apps'
import { iosWallpaperEndpoints } from './ios-wallpaper'
import { certificateEndpoints } from './certificate'
import { announcementEndpoints } from './announcement'
import { contractEndpoints } from './contract'
import { workspaceEndpoints } from './workspace'
import { renewEndpoints } from './renew'
import { lifecycleEndpoints } from './lifecycle'
import { blacklistEndpoints } from './blacklist'
import { abmEndpoints } from './abm'
import { fleetEndpoints } from './fleet'

/**
 * The endpoint table (issue #9, ARCHITECTURE "one table, many families"): every endpoint of every API, by
 * resource. The server registers its routes from it, the console calls through it, and the tests walk it.
 * A new endpoint is one entry here (in its resource's contract file), one service method, one call site.
 */
export const endpoints = {
  account: accountEndpoints,
  personalCenter: personalCenterEndpoints,
  role: roleEndpoints,
  company: companyEndpoints,
  staff: staffEndpoints,
  quota: quotaEndpoints,
  registration: registrationEndpoints,
  access: accessEndpoints,
  audit: auditEndpoints,
  task: taskEndpoints,
  huawei: deviceEndpoints('HUAWEI'),
  mi: deviceEndpoints('MI'),
  myDevice: myDeviceEndpoints,
  myDeviceExtras: myDeviceExtraEndpoints,
  iosDetail: iosDetailEndpoints,
  commonPhrases: commonPhraseEndpoints,
  open: openApiEndpoints,
  agent: agentEndpoints,
  // iOS detail, part B (issue #14).
  iosApps: iosAppEndpoints,
  iosWallpaper: iosWallpaperEndpoints,
  certificate: certificateEndpoints,
  // Announcements and the service agreement (issue #15).
  announcement: announcementEndpoints,
  contract: contractEndpoints,
  // The dashboard (issue #15).
  workspace: workspaceEndpoints,
  // Renewals and the blacklist (issue #15).
  renew: renewEndpoints,
  blacklist: blacklistEndpoints,
  // The rental lifecycle (issue #45).
  lifecycle: lifecycleEndpoints,
  // Apple Business Manager (issue #42).
  abm: abmEndpoints,
  // Fleet-wide commands (issue #44).
  fleet: fleetEndpoints,
}

/** Every endpoint of the table, flat. */
export const allEndpoints = endpointsOf(endpoints)
