import { Tag } from 'antd-mobile'
import { deviceState, statusToneColors, type DeviceStateInput, type StatusWord } from '../../shared/domain/status-language'

/**
 * A state in the one status language (issue #43): the Chinese word carries the meaning, the colour only repeats it.
 * Solid in the tone's background, or outlined in it (a state as of a cached time, a command still waiting).
 */
export function StateTag({ word, text = word.label, description, className, testId }: { word: StatusWord; text?: string; description?: string; className?: string; testId?: string }) {
  const colors = statusToneColors[word.tone]
  const solid = word.fill === 'solid'
  // An outlined grey on the dark theme's background was 2.7:1: the secondary text colour reads on both themes.
  const color = !solid && word.tone === 'default' ? 'var(--app-text-secondary)' : colors.background
  return (
    <Tag
      color={color}
      fill={word.fill}
      round={solid}
      className={className}
      style={{ ...(solid ? { '--text-color': colors.text } : {}), fontSize: 'var(--adm-font-size-6)', padding: '2px 8px', whiteSpace: 'nowrap' }}
      data-status={word.key}
      data-testid={testId}
      aria-label={description && description !== text ? description : undefined}
    >
      {text}
    </Tag>
  )
}

export interface DeviceStateTagProps {
  device: DeviceStateInput
  /** The clock the state is computed against (useNow). */
  now: number
  /** Offline: when the device's record was cached; the tag then says 缓存于 and the state as of then. */
  cachedAt?: number
}

/** A device's one state tag (deviceState): the same on its card and its detail, online and offline. */
export function DeviceStateTag({ device, now, cachedAt }: DeviceStateTagProps) {
  const word = deviceState(device, { now, cachedAt })
  return <StateTag word={word} text={word.text} description={word.description} className={word.asOf === null ? 'state-tag' : 'state-tag cached-tag'} />
}
