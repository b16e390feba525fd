import { Tag } from 'antd-mobile'
import {
  connectionStatus,
  connectionStatusColors,
  connectionStatusLabels,
  type ConnectionStatus,
} from '../../shared/domain/connection-status'
import type { TimeInput } from '../../shared/domain/time'

export interface StatusTagProps {
  /** Drives the status (SPEC §4). */
  lastCommunicationTime?: TimeInput | null
  /** A status the server already derived; it takes precedence over lastCommunicationTime. */
  status?: ConnectionStatus
  /** Reference time, for tests and for lists that render against one clock. */
  now?: TimeInput
}

/** The connection status of a device: the Chinese word carries the meaning, the colour only repeats it. */
export function StatusTag({ lastCommunicationTime, status, now }: StatusTagProps) {
  const resolved = status ?? connectionStatus(lastCommunicationTime, now)
  const colors = connectionStatusColors[resolved]
  return (
    <Tag
      color={colors.background}
      fill="solid"
      round
      style={{ '--text-color': colors.text, fontSize: 'var(--adm-font-size-6)', padding: '2px 8px', whiteSpace: 'nowrap' }}
      data-status={resolved}
    >
      {connectionStatusLabels[resolved]}
    </Tag>
  )
}
