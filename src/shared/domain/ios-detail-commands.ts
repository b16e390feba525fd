import { iosNeedsRefusal, type IosCommandNeeds, type IosCommandSubject } from './ios-commands'

/**
 * What the apps and wallpaper tabs' requests need of the device (issue #14), in the shared rules' terms
 * (ios-commands.ts): the console disables its buttons and the server refuses with the same reason. From Apple's
 * schema: InstallApplication needs no supervision; blockedAppBundleIDs and Settings' Wallpaper item do.
 */
export const iosDetailCommandNeeds = {
  installApplication: { mdm: true, supervised: false },
  appRestriction: { mdm: true, supervised: true },
  wallpaper: { mdm: true, supervised: true },
} as const satisfies Record<string, IosCommandNeeds>

export type IosDetailCommand = keyof typeof iosDetailCommandNeeds

export function iosDetailRefusal(device: IosCommandSubject, name: IosDetailCommand): string | null {
  return iosNeedsRefusal(device, iosDetailCommandNeeds[name])
}
