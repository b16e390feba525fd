import { describe, expect, it } from 'vitest'
import { bulkOutcome, commandOutcome, taskFailureText } from './task-follow'

const lock = { label: '锁屏', doneText: '锁屏成功' }

describe('why a task failed', () => {
  it('introduces the reason a device reported, whatever its language, as the device’s answer', () => {
    expect(taskFailureText({ status: 'ERROR', errorMessage: 'Permission denied' })).toBe('设备返回：Permission denied')
  })

  it('shows the server’s own sentence of a timed-out task as it is', () => {
    expect(taskFailureText({ status: 'TIMEOUT', errorMessage: '设备未在规定时间内返回结果' })).toBe('设备未在规定时间内返回结果')
  })

  it('says nothing when there is no reason', () => {
    expect(taskFailureText({ status: 'DONE', errorMessage: null })).toBeNull()
    expect(taskFailureText({ status: 'ERROR', errorMessage: '' })).toBeNull()
  })
})

describe('how a followed command ended', () => {
  it('says the family’s success text only once the device reported it done', () => {
    expect(commandOutcome(lock, { status: 'DONE', errorMessage: null })).toEqual({ kind: 'done', text: '锁屏成功' })
    for (const status of ['QUEUED', 'SENT'] as const) {
      expect(commandOutcome(lock, { status, errorMessage: null })).toEqual({ kind: 'waiting', text: '“锁屏”仍在等待设备执行，结果可在任务日志中查看' })
    }
  })

  it('gives the device’s reason when it failed, or the status when it gave none', () => {
    expect(commandOutcome(lock, { status: 'ERROR', errorMessage: 'busy' })).toEqual({ kind: 'failed', text: '锁屏失败：设备返回：busy' })
    expect(commandOutcome(lock, { status: 'ERROR', errorMessage: null })).toEqual({ kind: 'failed', text: '锁屏失败：执行失败' })
  })

  it('says it timed out, with the server’s sentence', () => {
    expect(commandOutcome(lock, { status: 'TIMEOUT', errorMessage: '设备长时间未连接，任务已过期' })).toEqual({ kind: 'timeout', text: '锁屏超时：设备长时间未连接，任务已过期' })
  })

  it('says it still waits when the console stopped watching first', () => {
    expect(commandOutcome(lock, null).kind).toBe('waiting')
  })

  it('sums up a bulk command: successes, failures and timeouts together, and the ones still waiting', () => {
    const done = commandOutcome(lock, { status: 'DONE', errorMessage: null })
    const failed = commandOutcome(lock, { status: 'ERROR', errorMessage: 'x' })
    const timedOut = commandOutcome(lock, { status: 'TIMEOUT', errorMessage: 'y' })
    const waiting = commandOutcome(lock, null)
    expect(bulkOutcome(lock, [done, done])).toEqual({ kind: 'done', text: '“锁屏”：2 台成功' })
    expect(bulkOutcome(lock, [done, failed, timedOut])).toEqual({ kind: 'failed', text: '“锁屏”：1 台成功，2 台失败或超时' })
    expect(bulkOutcome(lock, [done, waiting])).toEqual({ kind: 'waiting', text: '“锁屏”：1 台成功，1 台仍在等待' })
  })
})
