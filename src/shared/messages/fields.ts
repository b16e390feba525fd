import { announcementFieldLabels } from './announcement'
import { appleFieldLabels } from './apple'
import { commonFieldLabels } from './common'
import { deviceFieldLabels } from './devices'
import { iosDetailFieldLabels } from './ios-detail-a'
import { organizationFieldLabels } from './organization'
import { bizFieldLabels } from './biz'

/**
 * Every request field's Chinese label, for validation sentences on both sides (contract/validation.ts, form-rules.ts).
 * Joined here by import rather than by each area appending to a shared object, so no label depends on which module
 * happened to load first.
 */
export const fieldLabelAreas: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  common: commonFieldLabels,
  organization: organizationFieldLabels,
  devices: deviceFieldLabels,
  apple: appleFieldLabels,
  iosDetail: iosDetailFieldLabels,
  announcement: announcementFieldLabels,
  biz: bizFieldLabels,
}

/** One label per key: an area must not relabel another's key (use contract/validation.ts labelledText instead). */
export const fieldLabels: Readonly<Record<string, string>> = Object.assign({}, ...Object.values(fieldLabelAreas))
