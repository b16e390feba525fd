import { z } from 'zod'
import { serialNumberSchema } from '../domain/validators'
import { IMEI_PATTERN } from '../domain/device-list-order'
import { huaweiDeviceText } from '../messages/devices'

/**
 * The device fields that both the console's device routes (huawei-device.ts) and the agent protocol (agent.ts)
 * accept, defined once so that a device the console may add is a device that may enroll, and back.
 */

/** SPEC §3: trimmed and upper-cased; letters, digits and - only. */
export const deviceSerialSchema = serialNumberSchema
  .pipe(z.string().max(64))
  .refine((v) => /^[A-Z0-9-]+$/.test(v), { error: huaweiDeviceText.serialInvalid })

/** Empty, or 15 digits. */
export const imeiSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || IMEI_PATTERN.test(v), { error: huaweiDeviceText.imeiInvalid })
