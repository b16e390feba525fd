import { domainText } from '../messages/domain'
import { toTimestamp, type TimeInput } from './time'

export type ConnectionStatus = 'success' | 'warning' | 'error'

/** SPEC §4, §9: up to 6 hours without contact is fine, 24 hours or more is offline. */
export const STATUS_WARNING_AFTER_HOURS = 6
export const STATUS_ERROR_FROM_HOURS = 24

const HOUR_MS = 3_600_000

export const connectionStatusLabels: Record<ConnectionStatus, string> = domainText.connectionStatus

/**
 * Background and text colour of each status. The text colour is chosen so that the pair reaches
 * WCAG AA contrast (≥ 4.5:1); amber only does so with dark text.
 */
export const connectionStatusColors: Record<ConnectionStatus, { background: string; text: string }> = {
  success: { background: '#15803d', text: '#ffffff' },
  warning: { background: '#f5a623', text: '#1a1a1a' },
  error: { background: '#cf222e', text: '#ffffff' },
}

/**
 * SPEC §4: status from the hours since the device last communicated. A device that never
 * communicated (or whose time cannot be read) is offline; a time in the future (clock skew) is online.
 */
export function connectionStatus(
  lastCommunicationTime: TimeInput | null | undefined,
  now: TimeInput = Date.now(),
): ConnectionStatus {
  const hours = (toTimestamp(now) - toTimestamp(lastCommunicationTime)) / HOUR_MS
  if (Number.isNaN(hours)) return 'error'
  if (hours <= STATUS_WARNING_AFTER_HOURS) return 'success'
  if (hours < STATUS_ERROR_FROM_HOURS) return 'warning'
  return 'error'
}
