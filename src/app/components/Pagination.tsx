import { Button, Input } from 'antd-mobile'
import { useId, useState, type CSSProperties } from 'react'
import {
  FIRST_PAGE,
  PAGE_SIZE_OPTIONS,
  pageCount,
  pageForPageSize,
  pagingRangeText,
} from '../../shared/domain/paging-rules'
import { domainText } from '../../shared/messages/domain'

export interface PaginationProps {
  current: number
  pageSize: number
  total: number
  /** false: `total` is the server's estimate (a list beyond 10,000 devices, issue #16). */
  totalExact?: boolean
  onChange: (current: number, pageSize: number) => void
  pageSizeOptions?: readonly number[]
  /** SPEC §2 / §9: lists have a size changer and a quick jumper; small tables may hide them. */
  showSizeChanger?: boolean
  showQuickJumper?: boolean
}

// 44 px is the smallest comfortable touch target (Apple HIG, WCAG 2.5.5); 16 px text keeps iOS from zooming on focus.
const TOUCH = 44

const styles = {
  nav: { display: 'flex', flexDirection: 'column', gap: 8, padding: '8px 0', fontSize: 16 },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 },
  range: { color: 'var(--adm-color-text-secondary)', fontSize: 14 },
  button: { minHeight: TOUCH, minWidth: TOUCH },
  indicator: { flex: '1 0 auto', textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
  control: {
    height: TOUCH,
    boxSizing: 'border-box',
    border: '1px solid var(--adm-color-border)',
    borderRadius: 'var(--adm-radius-m, 6px)',
    background: 'var(--adm-color-background)',
    color: 'var(--adm-color-text)',
    fontSize: 16,
  },
  select: { padding: '0 8px' },
  jumpInput: { width: 64, display: 'flex', alignItems: 'center', padding: '0 8px' },
  label: { display: 'flex', alignItems: 'center', gap: 6 },
} satisfies Record<string, CSSProperties>

/**
 * Paging of SPEC §2: range text, previous/next, page-size changer and quick jumper; what cannot change anything
 * (one page: the buttons and the jumper) is left out.
 */
export function Pagination({
  current,
  pageSize,
  total,
  totalExact,
  onChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
  showSizeChanger = true,
  showQuickJumper = true,
}: PaginationProps) {
  const text = domainText.paging
  const count = pageCount({ total, pageSize })
  const page = Math.min(Math.max(current, FIRST_PAGE), count)
  const [jumpText, setJumpText] = useState('')
  const sizeId = useId()
  const jumpId = useId()
  const sizes = [...new Set([...pageSizeOptions, pageSize])].sort((a, b) => a - b)

  const goTo = (target: number) => {
    const next = Math.min(Math.max(target, FIRST_PAGE), count)
    if (next !== page) onChange(next, pageSize)
  }

  const jump = () => {
    const trimmed = jumpText.trim()
    setJumpText('')
    if (/^\d+$/.test(trimmed)) goTo(Number(trimmed))
  }

  const changeSize = (newPageSize: number) => {
    const next = Math.min(pageForPageSize({ current: page, pageSize }, newPageSize), pageCount({ total, pageSize: newPageSize }))
    onChange(next, newPageSize)
  }

  const range = (
    <div style={styles.range} aria-live="polite">
      {pagingRangeText({ current: page, pageSize, total, totalExact })}
    </div>
  )
  // Issue #11: one page needs no paging controls on a phone, only SPEC's range text; a size changer only where a
  // smaller size would make more than one page.
  if (count <= 1 && total <= Math.min(...sizes)) {
    return (
      <nav aria-label={text.navLabel} style={styles.nav}>
        {range}
      </nav>
    )
  }
  const sizeChanger = showSizeChanger && total > Math.min(...sizes)
  const jumper = showQuickJumper && count > 1
  return (
    <nav aria-label={text.navLabel} style={styles.nav}>
      {range}
      <div style={styles.row}>
        <Button style={styles.button} disabled={page <= FIRST_PAGE} onClick={() => goTo(page - 1)}>
          {text.previous}
        </Button>
        <span style={styles.indicator}>{(totalExact === false ? text.pageOfEstimated : text.pageOf)(page, count)}</span>
        <Button style={styles.button} disabled={page >= count} onClick={() => goTo(page + 1)}>
          {text.next}
        </Button>
      </div>
      {(sizeChanger || jumper) && (
        <div style={styles.row}>
          {sizeChanger && (
            <span style={styles.label}>
              <label htmlFor={sizeId}>{text.pageSize}</label>
              {/* A native select opens the platform's own picker on phones and works with any assistive technology. */}
              <select
                id={sizeId}
                value={pageSize}
                onChange={(event) => changeSize(Number(event.target.value))}
                style={{ ...styles.control, ...styles.select }}
              >
                {sizes.map((size) => (
                  <option key={size} value={size}>
                    {text.pageSizeOption(size)}
                  </option>
                ))}
              </select>
            </span>
          )}
          {jumper && (
            <span style={styles.label}>
              <label htmlFor={jumpId}>{text.jumpTo}</label>
              <span style={{ ...styles.control, ...styles.jumpInput }}>
                <Input
                  id={jumpId}
                  value={jumpText}
                  onChange={setJumpText}
                  onEnterPress={jump}
                  inputMode="numeric"
                  pattern="[0-9]*"
                  enterKeyHint="go"
                  placeholder={String(page)}
                  style={{ '--font-size': '16px', '--text-align': 'center' }}
                />
              </span>
              <Button style={styles.button} onClick={jump} disabled={jumpText.trim() === ''}>
                {text.jump}
              </Button>
            </span>
          )}
        </div>
      )}
    </nav>
  )
}
