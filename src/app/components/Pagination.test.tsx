// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Pagination } from './Pagination'

afterEach(cleanup)

function renderPagination(props: { current?: number; pageSize?: number; total?: number } = {}) {
  const onChange = vi.fn<(current: number, pageSize: number) => void>()
  render(<Pagination current={props.current ?? 1} pageSize={props.pageSize ?? 10} total={props.total ?? 35} onChange={onChange} />)
  return onChange
}

const button = (name: string) => screen.getByRole('button', { name })

describe('Pagination', () => {
  it.each([
    [1, 10, 35, '1-10 / 共 35 条', '第 1 / 4 页'],
    [4, 10, 35, '31-35 / 共 35 条', '第 4 / 4 页'],
    [7, 20, 35, '21-35 / 共 35 条', '第 2 / 2 页'],
  ])('page %i of size %i with %i rows reads %j', (current, pageSize, total, range, indicator) => {
    renderPagination({ current, pageSize, total })
    expect(screen.getByRole('navigation', { name: '分页' })).toBeTruthy()
    expect(screen.getByText(range)).toBeTruthy()
    expect(screen.getByText(indicator)).toBeTruthy()
  })

  it.each([
    [1, 35, true, false],
    [2, 35, false, false],
    [4, 35, false, true],
  ])('on page %i of %i rows: previous disabled %s, next disabled %s', (current, total, previousDisabled, nextDisabled) => {
    renderPagination({ current, total })
    expect((button('上一页') as HTMLButtonElement).disabled).toBe(previousDisabled)
    expect((button('下一页') as HTMLButtonElement).disabled).toBe(nextDisabled)
  })

  it.each([
    ['上一页', 3, [2, 10]],
    ['下一页', 3, [4, 10]],
  ] as const)('%s from page %i calls onChange(%j)', (name, current, expected) => {
    const onChange = renderPagination({ current })
    fireEvent.click(button(name))
    expect(onChange.mock.calls).toEqual([expected])
  })

  it.each([
    [3, 10, '20', [2, 20]],
    [1, 10, '50', [1, 50]],
    [4, 10, '100', [1, 100]],
  ])('on page %i of size %i choosing %s per page calls onChange(%j)', (current, pageSize, choice, expected) => {
    const onChange = renderPagination({ current, pageSize, total: 35 })
    const select = screen.getByLabelText('每页') as HTMLSelectElement
    expect([...select.options].map((option) => option.text)).toEqual(['10 条/页', '20 条/页', '50 条/页', '100 条/页'])
    fireEvent.change(select, { target: { value: choice } })
    expect(onChange.mock.calls).toEqual([expected])
  })

  it('offers a page size that is not among the options', () => {
    renderPagination({ pageSize: 5 })
    const select = screen.getByLabelText('每页') as HTMLSelectElement
    expect(select.value).toBe('5')
    expect(select.options[0].text).toBe('5 条/页')
  })

  it.each([
    ['3', [[3, 10]]],
    ['99', [[4, 10]]],
    ['0', [[1, 10]]],
    ['2', []],
    ['abc', []],
  ])('jumping to %j calls onChange with %j', (typed, expected) => {
    const onChange = renderPagination({ current: 2 })
    fireEvent.change(screen.getByLabelText('跳至'), { target: { value: typed } })
    fireEvent.click(button('跳转'))
    expect(onChange.mock.calls).toEqual(expected)
    expect((screen.getByLabelText('跳至') as HTMLInputElement).value).toBe('')
  })

  it('jumps on Enter', () => {
    const onChange = renderPagination({ current: 1 })
    const input = screen.getByLabelText('跳至')
    fireEvent.change(input, { target: { value: '4' } })
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 })
    expect(onChange.mock.calls).toEqual([[4, 10]])
  })

  it('gives every button a touch target of at least 44 px', () => {
    renderPagination({ current: 2 })
    for (const element of screen.getAllByRole('button')) {
      expect(element.style.minHeight).toBe('44px')
    }
    expect((screen.getByLabelText('每页') as HTMLSelectElement).style.height).toBe('44px')
  })

  it.each([
    [0, 10],
    [8, 10],
    [10, 10],
  ])('with %i rows on pages of %i shows only the range text: no buttons, size changer or jumper', (total, pageSize) => {
    render(<Pagination current={1} pageSize={pageSize} total={total} onChange={vi.fn()} />)
    expect(screen.getByText(`${total ? 1 : 0}-${total} / 共 ${total} 条`)).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.queryByLabelText('每页')).toBeNull()
  })

  it('offers the size changer but no jumper on one page that a smaller size would split', () => {
    render(<Pagination current={1} pageSize={20} total={15} onChange={vi.fn()} />)
    expect(screen.getByText('第 1 / 1 页')).toBeTruthy()
    expect(screen.getByLabelText('每页')).toBeTruthy()
    expect(screen.queryByLabelText('跳至')).toBeNull()
  })

  it('can hide the size changer and the jumper', () => {
    const onChange = vi.fn()
    render(
      <Pagination current={1} pageSize={5} total={12} onChange={onChange} showSizeChanger={false} showQuickJumper={false} />,
    )
    expect(screen.getByText('1-5 / 共 12 条')).toBeTruthy()
    expect(screen.queryByLabelText('每页')).toBeNull()
    expect(screen.queryByLabelText('跳至')).toBeNull()
  })
})
