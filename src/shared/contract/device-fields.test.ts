import { describe, expect, it } from 'vitest'
import { EnrollRequest } from './agent'
import { DeviceAddRequest } from './huawei-device'
import { parseWithMessage } from './validation'

/** The console's device form and an enrolling agent accept the same serials and IMEIs, with the same answers. */
describe('device fields shared by the console and the agent protocol', () => {
  const answer = (schema: typeof EnrollRequest | typeof DeviceAddRequest, body: Record<string, unknown>) => {
    const result = parseWithMessage(schema, body)
    return result.success ? { serialNumber: result.data.serialNumber, imei: result.data.imei ?? '' } : result.message
  }

  it.each([
    { serialNumber: 'sn-01' },
    { serialNumber: '  ' },
    { serialNumber: 'SN 1' },
    { serialNumber: 'X'.repeat(65) },
    { serialNumber: 'SN1', imei: ' 860000000000011 ' },
    { serialNumber: 'SN1', imei: '86' },
    { serialNumber: 'SN1', imei: '' },
  ])('%j', (fields) => {
    expect(answer(EnrollRequest, { enrollmentToken: 'et_x', ...fields })).toEqual(answer(DeviceAddRequest, fields))
  })
})
