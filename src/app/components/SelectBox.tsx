import { useEffect, useRef, type ReactNode } from 'react'

interface SelectBoxProps {
  checked: boolean
  /** Some but not all of what it stands for is chosen (a "select all" or a group's box). */
  indeterminate?: boolean
  onChange: (checked: boolean) => void
  /** The visible text, which is also the box's accessible name. */
  children: ReactNode
  className?: string
}

/**
 * A native checkbox inside its label: focusable, announced as a checkbox with its name, and tappable across the
 * whole label (antd-mobile's Checkbox hides its input with display: none, so assistive technology cannot reach it).
 */
export function SelectBox({ checked, indeterminate = false, onChange, children, className }: SelectBoxProps) {
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    // `indeterminate` exists only as a DOM property, not as an attribute.
    if (input.current) input.current.indeterminate = indeterminate
  }, [indeterminate])
  return (
    <label className={['select-box', className].filter(Boolean).join(' ')}>
      <input ref={input} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  )
}
