import { createHash } from 'node:crypto'
import { payloadsOf, type InstalledProfile } from './iphone-profiles'

/**
 * The simulated iPhone's side of the iOS detail's apps and wallpaper tabs (issue #14), by Apple's rules
 * (github.com/apple/device-management): InstallApplication installs an App Store app (looked up by its iTunes Store
 * id) or an enterprise app (its manifest at an https URL) and answers its Identifier and State; installed profiles
 * are iphone-profiles.ts's; a com.apple.applicationaccess payload's
 * blockedAppBundleIDs stops those apps from launching (supervised devices only: an unsupervised one ignores it);
 * Settings' Wallpaper item takes a PNG or JPEG image for the lock screen (1), home screen (2) or both (3).
 */
type Dict = Record<string, unknown>

export interface SimApp {
  Identifier: string
  Name: string
  ShortVersion: string
}

/** What the simulated App Store knows, by iTunes Store id. */
export const SIM_APP_STORE: Readonly<Record<number, SimApp>> = {
  414478124: { Identifier: 'com.tencent.xin', Name: '微信', ShortVersion: '8.0.50' },
  333206289: { Identifier: 'com.alipay.iphoneclient', Name: '支付宝', ShortVersion: '10.6.0' },
  1142110895: { Identifier: 'com.ss.iphone.ugc.Aweme', Name: '抖音', ShortVersion: '30.1.0' },
  387682726: { Identifier: 'com.taobao.taobao4iphone', Name: '淘宝', ShortVersion: '10.38.0' },
}

export interface DetailBState {
  /** Bundle IDs installed by the MDM server (managed apps). */
  managedApps: string[]
  /** What each screen shows: the SHA-256 of the image set there. */
  wallpaper: { lockScreen: string | null; homeScreen: string | null; size: number } | null
}

export const detailBInitialState = (): DetailBState => ({ managedApps: [], wallpaper: null })

export interface DetailBOptions {
  /** App Store apps beyond SIM_APP_STORE. */
  appStore?: Record<number, SimApp>
  /** Enterprise apps' manifests, by URL (the simulated phone reaches no other server). */
  manifests?: Record<string, SimApp>
}

function error(code: number, description: string): Dict {
  return { Status: 'Error', ErrorChain: [{ ErrorCode: code, ErrorDomain: 'MCMDMErrorDomain', LocalizedDescription: description, USEnglishDescription: description }] }
}

export function installApplication(state: DetailBState & { installedApps: SimApp[] }, command: Dict, options: DetailBOptions): Dict {
  let app: SimApp | undefined
  if (typeof command.ManifestURL === 'string') {
    if (!command.ManifestURL.startsWith('https:')) return error(12027, 'ManifestURL must begin with https:')
    app = options.manifests?.[command.ManifestURL]
    if (!app) return error(12028, `无法下载应用清单：${command.ManifestURL}`)
  } else if (typeof command.iTunesStoreID === 'number') {
    app = options.appStore?.[command.iTunesStoreID] ?? SIM_APP_STORE[command.iTunesStoreID]
    if (!app) return error(12029, `App Store 中没有此应用：${command.iTunesStoreID}`)
    if (typeof command.Identifier === 'string' && command.Identifier !== app.Identifier) return error(12030, `应用标识不符：${command.Identifier}`)
  } else {
    return { Status: 'CommandFormatError' }
  }
  const installed = app
  state.installedApps = [...state.installedApps.filter((a) => a.Identifier !== installed.Identifier), { ...installed }]
  if (!state.managedApps.includes(installed.Identifier)) state.managedApps.push(installed.Identifier)
  return { Identifier: installed.Identifier, State: 'Managed' }
}

/** Apps the installed restrictions forbid; an unsupervised device ignores blockedAppBundleIDs (supervised only). */
export function blockedBundleIds(profiles: Map<string, InstalledProfile>, supervised: boolean): string[] {
  if (!supervised) return []
  const ids = payloadsOf(profiles, 'com.apple.applicationaccess').flatMap((p) => (Array.isArray(p.blockedAppBundleIDs) ? (p.blockedAppBundleIDs as string[]) : []))
  return [...new Set(ids)].sort()
}

const PNG = [0x89, 0x50, 0x4e, 0x47]

/** One Settings item the tabs send, with its own Status as the device answers it; null for another item. */
export function settingsItem(state: DetailBState & { activationLockAllowed: boolean }, item: Dict): Dict | null {
  switch (item.Item) {
    case 'MDMOptions':
      state.activationLockAllowed = true
      return { Item: 'MDMOptions', Status: 'Acknowledged' }
    case 'Wallpaper': {
      const image = item.Image
      const where = item.Where
      const isImage = image instanceof Uint8Array && (PNG.every((b, i) => image[i] === b) || (image[0] === 0xff && image[1] === 0xd8))
      if (!isImage || (where !== 1 && where !== 2 && where !== 3)) {
        return { Item: 'Wallpaper', Status: 'Error', ErrorChain: [{ ErrorCode: 12000, ErrorDomain: 'MCMDMErrorDomain', LocalizedDescription: '壁纸图片无效' }] }
      }
      const hash = createHash('sha256').update(image).digest('hex')
      const previous = state.wallpaper ?? { lockScreen: null, homeScreen: null, size: 0 }
      state.wallpaper = {
        lockScreen: where === 1 || where === 3 ? hash : previous.lockScreen,
        homeScreen: where === 2 || where === 3 ? hash : previous.homeScreen,
        size: image.length,
      }
      return { Item: 'Wallpaper', Status: 'Acknowledged' }
    }
    default:
      return null
  }
}
