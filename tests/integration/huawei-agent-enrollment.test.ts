import { eq, sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { devices, quotaRecords } from '../../src/server/db/schema'
import { harnessForFile } from './harness'
import { agentTestbed } from './huawei-agent-helpers'
import { addDevice, detail, HW, issueToken, MI, setHuaweiQuota } from './huawei-helpers'
import { makeTenant } from './org-builders'
import { captureLog } from '../../src/server/log'

/** The Huawei agent protocol (docs/agent-protocol.md): a phone enrolling with its company's token. */
const h = harnessForFile()
let boss: string
beforeEach(async () => {
  boss = await h.login('demo')
})
const { agentCall } = agentTestbed(h, () => boss)

describe('enrollment', () => {
  it('refuses an unknown or revoked token, and a token of another platform', async () => {
    const unknown = await agentCall('/enroll', { enrollmentToken: 'et_nope', serialNumber: 'SIM0001' })
    expect(unknown.status).toBe(401)
    expect(unknown.body).toEqual({ code: 401, msg: '接入令牌无效或已失效', data: null })
    const first = await issueToken(h, boss)
    await issueToken(h, boss) // regenerating revokes the first
    expect((await agentCall('/enroll', { enrollmentToken: first, serialNumber: 'SIM0001' })).body.msg).toBe('接入令牌无效或已失效')
    const mi = await issueToken(h, boss, MI)
    const mismatch = await agentCall('/enroll', { enrollmentToken: mi, serialNumber: 'SIM0001', platform: 'HUAWEI' })
    expect(mismatch.body).toEqual({ code: 400, msg: '接入令牌与设备类型不符', data: null })
  })

  it('issues tokens to company accounts only: a staff member cannot enroll a phone as a device they may not see', async () => {
    const staff = await h.login('demo-staff')
    const live = await issueToken(h, boss)
    const res = await h.call('POST', `${HW}/device/enrollmentToken`, { token: staff })
    expect(res.body).toEqual({ code: 403, msg: '只有公司账号可以生成设备接入令牌，请联系公司负责人', data: null })
    // The company's token still works: a refused request revoked nothing.
    expect((await agentCall('/enroll', { enrollmentToken: live, serialNumber: 'SIM0009' })).body.code).toBe(200)
    expect((await h.call('POST', `${HW}/device/enrollmentToken`, { token: await h.login('demo-east') })).body.code).toBe(200)
  })

  it('binds a device added in the console, upper-casing the serial, without consuming quota twice', async () => {
    const deviceId = await addDevice(h, boss, { serialNumber: 'sim0001' })
    const records = await h.database.db.select().from(quotaRecords).where(eq(quotaRecords.kind, 'CONSUME'))
    const res = await agentCall('/enroll', { enrollmentToken: await issueToken(h, boss), serialNumber: 'sim0001', model: 'ALN-AL00' })
    expect(res.body.code).toBe(200)
    expect(res.body.data).toMatchObject({ deviceId, pollIntervalSeconds: expect.any(Number) })
    expect(res.body.data.credential).toMatch(/^dc_[A-Za-z0-9_-]{40,}$/)
    const [row] = await h.database.db.select().from(devices).where(eq(devices.id, deviceId))
    expect(row.credentialHash).not.toContain(res.body.data.credential)
    expect(row.model).toBe('ALN-AL00')
    expect((await detail(h, boss, deviceId)).data).toMatchObject({ enrolled: true, status: 'success' })
    expect(await h.database.db.select().from(quotaRecords).where(eq(quotaRecords.kind, 'CONSUME'))).toHaveLength(records.length)
  })

  it('creates an unknown serial in the token’s company, consuming quota; refuses when none is left and stores nothing', async () => {
    const token = await issueToken(h, boss)
    const created = await agentCall('/enroll', { enrollmentToken: token, serialNumber: 'NEW0001' })
    expect(created.body.code).toBe(200)
    const [row] = await h.database.db.select().from(devices).where(eq(devices.serialNumber, 'NEW0001'))
    expect(row.companyId).toBe(h.demo.bossCompanyId)
    await setHuaweiQuota(h, h.demo.bossCompanyId, 0)
    const refused = await agentCall('/enroll', { enrollmentToken: token, serialNumber: 'NEW0002' })
    expect(refused.body).toEqual({ code: 400, msg: '华为额度不足（剩余 0），请联系平台管理员增加额度', data: null })
    expect(await h.database.db.select().from(devices).where(eq(devices.serialNumber, 'NEW0002'))).toHaveLength(0)
  })

  it('enrolls a serial another company registered or enrolled as a new device of the token’s company, leaving theirs be (docs/serials.md)', async () => {
    const other = await makeTenant(h, { quota: { HUAWEI: 10 }, signIn: true })
    const enrolled = await agentCall('/enroll', { enrollmentToken: await issueToken(h, other.token), serialNumber: 'SIM0001' })
    expect(enrolled.body.code).toBe(200)
    const registered = await addDevice(h, other.token, { serialNumber: 'SIM0002' })
    const token = await issueToken(h, boss)
    for (const serialNumber of ['SIM0001', 'SIM0002']) {
      const res = await agentCall('/enroll', { enrollmentToken: token, serialNumber })
      expect(res.body.code).toBe(200)
      const [own] = await h.database.db.select().from(devices).where(eq(devices.id, res.body.data.deviceId))
      expect(own).toMatchObject({ companyId: h.demo.bossCompanyId, serialNumber })
    }
    const theirs = await h.database.db.select().from(devices).where(eq(devices.companyId, other.companyId))
    expect(theirs.map((d) => [d.id, d.recycleStatus, d.enrolledAt !== null]).sort()).toEqual([
      [enrolled.body.data.deviceId, false, true],
      [registered, false, false],
    ].sort())
  })

  it('answers an enrollment that loses the race for a new serial with a clear conflict, not a server error', async () => {
    // On PGlite's one connection two enrollments cannot interleave, so a trigger raising the unique violation the
    // other enrollment's insert would cause stands in for it (the real race runs on PostgreSQL in
    // huawei-agent-postgres.test.ts).
    const db = h.database.db
    await db.execute(sql.raw(`create function mdm_test_taken() returns trigger language plpgsql as $$ begin
      raise exception 'duplicate key value violates unique constraint "devices_platform_serial_idx"' using errcode = 'unique_violation';
    end $$`))
    await db.execute(sql.raw(`create trigger mdm_test_taken before insert on devices for each row when (new.serial_number = 'RACE0001') execute function mdm_test_taken()`))
    const logged = captureLog()
    try {
      const res = await agentCall('/enroll', { enrollmentToken: await issueToken(h, boss), serialNumber: 'RACE0001' })
      expect(res.status).toBe(409)
      expect(res.body).toEqual({ code: 409, msg: '该序列号的设备正在接入，请稍后重试', data: null })
      expect(logged.lines().filter((l) => (l.level as number) >= 50)).toEqual([])
    } finally {
      logged.restore()
      await db.execute(sql.raw('drop trigger mdm_test_taken on devices'))
      await db.execute(sql.raw('drop function mdm_test_taken()'))
    }
  })

  it('answers bad input with a Chinese message naming the field', async () => {
    expect((await agentCall('/enroll', { serialNumber: 'X1' })).body).toEqual({ code: 400, msg: '接入令牌不能为空', data: null })
    expect((await agentCall('/enroll', { enrollmentToken: 'et_x', serialNumber: '  ' })).body.msg).toBe('请输入序列号')
    expect((await agentCall('/enroll', { enrollmentToken: 'et_x', serialNumber: 'SN 1' })).body.msg).toBe('序列号只能包含字母、数字和 -')
    expect((await agentCall('/enroll', { enrollmentToken: 'et_x', serialNumber: 'SN1', imei: '12' })).body.msg).toBe('IMEI 必须是15位数字')
    const malformed = await agentCall('/enroll', null, undefined, '{')
    expect(malformed.body).toEqual({ code: 400, msg: '请求体不是有效的 JSON', data: null })
  })
})
