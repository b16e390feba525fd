import { describe, expect, it } from 'vitest'
import { exportProgressText } from './use-export'

describe('exportProgressText (issue #43)', () => {
  it('says the file is being prepared, then how much of it arrived', () => {
    expect(exportProgressText({ received: 0, total: null })).toBe('正在生成导出文件…')
    expect(exportProgressText({ received: 2048, total: null })).toBe('正在下载 2 KB')
    expect(exportProgressText({ received: 512, total: 2048 })).toBe('正在下载 25%')
  })
})
