import { createHash } from 'node:crypto'
import { appleMdmText } from '../../../shared/messages/apple'
import { APPLE_MDM_BASE, DEP_ENROLL_PATH } from '../../protocol/apple/profile'
import type { AbmProfileJson } from './client'

/**
 * The company's automated-enrollment profile (issue #42; Apple's Profile JSON, POST /profile): supervised, mandatory,
 * not removable, held in Setup Assistant until the server sends DeviceConfigured, enrolling at our enrollment URL
 * (which answers the phone's signed MachineInfo with the profile of the company that owns its serial).
 */

/** Set-up panes a rented phone skips (Apple's skip_setup_items keys): no personal Apple ID, backup restore or payment. */
export const SKIP_SETUP_ITEMS = ['Android', 'AppleID', 'Diagnostics', 'iCloudDiagnostics', 'iCloudStorage', 'Payment', 'Privacy', 'Restore', 'ScreenTime', 'Siri', 'TOS']

export function enrollmentUrl(publicUrl: string): string {
  return `${publicUrl}${APPLE_MDM_BASE}${DEP_ENROLL_PATH}`
}

export function companyProfile(input: { publicUrl: string; companyName: string; supportPhone: string }): AbmProfileJson {
  return {
    profile_name: appleMdmText.profileDisplayName(input.companyName),
    url: enrollmentUrl(input.publicUrl),
    is_supervised: true,
    is_mandatory: true,
    is_mdm_removable: false,
    await_device_configured: true,
    department: input.companyName,
    ...(input.supportPhone ? { support_phone_number: input.supportPhone } : {}),
    skip_setup_items: SKIP_SETUP_ITEMS,
  }
}

/** What the profile was defined from: a change of any input (company name, phone, URL) defines it again. */
export function profileHash(profile: AbmProfileJson): string {
  return createHash('sha256').update(JSON.stringify(profile)).digest('hex')
}
