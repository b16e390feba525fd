import { useState, type FormEvent, type ReactNode } from 'react'
import { Button, Input } from 'antd-mobile'
import { deviceCommandText } from '../../shared/messages/devices'
import { screenText } from '../../shared/messages/screens'
import './records.css'

export interface SearchField {
  name: string
  label: string
  /** A select when options are given; the first option should be the "all" choice with value ''. */
  options?: { label: string; value: string }[]
  inputMode?: 'text' | 'numeric' | 'tel'
  /** The server's limit for this filter: a longer one could only be refused. */
  maxLength?: number
}

interface SearchPanelProps {
  fields: SearchField[]
  /** The current query; only the fields' own keys are read. */
  values: Record<string, unknown>
  /** SPEC §4: a new search starts again on page 1 (the caller resets current). */
  onSearch: (values: Record<string, string | undefined>) => void
  /**
   * One line on a phone (issue #11): the first field and 搜索, the other filters behind 筛选 (open while one of
   * them is set, so an active filter is never hidden).
   */
  compact?: boolean
  /** Before 搜索: another way to fill the search (a device list's 扫码). */
  extra?: ReactNode
}

/** Filters of a list. What is typed stays a draft until 搜索; 重置 clears every filter. */
export function SearchPanel({ fields, values, onSearch, compact = false, extra }: SearchPanelProps) {
  const [open, setOpen] = useState(() => fields.slice(1).some((f) => typeof values[f.name] === 'string' && values[f.name] !== ''))
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(fields.map((f) => [f.name, typeof values[f.name] === 'string' ? (values[f.name] as string) : ''])))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSearch(Object.fromEntries(fields.map((f) => [f.name, draft[f.name]?.trim() || undefined])))
  }
  const reset = () => {
    setDraft(Object.fromEntries(fields.map((f) => [f.name, ''])))
    onSearch(Object.fromEntries(fields.map((f) => [f.name, undefined])))
  }
  return (
    <form className={compact ? 'search-panel search-panel-compact' : 'search-panel'} role="search" onSubmit={submit}>
      {(compact && !open ? fields.slice(0, 1) : fields).map((f) =>
        f.options ? (
          <select
            key={f.name}
            className="search-field"
            aria-label={f.label}
            value={draft[f.name]}
            onChange={(e) => setDraft((d) => ({ ...d, [f.name]: e.target.value }))}
          >
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ) : (
          <div key={f.name} className="search-field">
            <Input
              aria-label={f.label}
              placeholder={f.label}
              value={draft[f.name]}
              inputMode={f.inputMode}
              maxLength={f.maxLength}
              onChange={(v) => setDraft((d) => ({ ...d, [f.name]: v }))}
              clearable
            />
          </div>
        ),
      )}
      <div className="search-buttons">
        {extra}
        <Button type="submit" color="primary">
          {screenText.search}
        </Button>
        {compact ? (
          <Button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
            {deviceCommandText.filters}
          </Button>
        ) : null}
        {!compact || open ? (
          <Button type="button" onClick={reset}>
            {screenText.reset}
          </Button>
        ) : null}
      </div>
    </form>
  )
}
