import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import type { CommandDeclaration, CommandSubject } from './family'

/** A reason names the commands it disables when they are this few (and not all of them); more, and it is said alone. */
const NAMED_AT_MOST = 3

/**
 * Why some of a detail's commands are disabled, each reason once, above the grid: 播放丢失声音、设备定位：仅在丢失模式下
 * 可用… names the two buttons it is about, so that it does not read as if it were about all of them. A reason that
 * disables all, or many, of them, or that names them itself, is said as it is.
 */
export function unavailableNotes<D extends CommandSubject>(offered: readonly CommandDeclaration<string, D>[], device: D): string[] {
  const disabledBy = new Map<string, string[]>()
  for (const command of offered) {
    const reason = command.unavailable?.(device)
    if (reason) disabledBy.set(reason, [...(disabledBy.get(reason) ?? []), command.label])
  }
  return [...disabledBy].map(([reason, labels]) =>
    labels.length === offered.length || labels.length > NAMED_AT_MOST || labels.every((label) => reason.includes(label)) ? reason : t.unavailableFor(labels, reason),
  )
}
