import { describe, expect, it } from 'vitest'
import { taskFailureText } from './task-text'

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
