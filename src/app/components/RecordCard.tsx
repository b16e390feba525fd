import type { ReactNode } from 'react'
import './records.css'

export interface RecordField {
  label: string
  value: ReactNode
}

interface RecordCardProps {
  title: ReactNode
  tags?: ReactNode
  fields: RecordField[]
  actions?: ReactNode
  children?: ReactNode
  className?: string
  /**
   * A tap on the card's fields opens the record (a phone user taps the card, not its small title link). The title
   * stays the link a keyboard or a screen reader uses; the header's controls and the actions keep their own taps.
   */
  onOpen?: () => void
}

/** One row of a list as a card: phones show one per line, tablets two or three side by side (no wide tables). */
export function RecordCard({ title, tags, fields, actions, children, className, onOpen }: RecordCardProps) {
  return (
    <article className={['record-card', className].filter(Boolean).join(' ')}>
      <header className="record-head">
        <h2 className="record-title">{title}</h2>
        {tags ? <div className="record-tags">{tags}</div> : null}
      </header>
      <dl className={onOpen ? 'record-fields record-fields-open' : 'record-fields'} onClick={onOpen && (() => !window.getSelection()?.toString() && onOpen())}>
        {fields.map((f) => (
          <div key={f.label} className="record-field">
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
      {actions ? <div className="record-actions">{actions}</div> : null}
      {children}
    </article>
  )
}

/** `single`: one card per row at every width (e.g. a tree whose nodes hold their children). */
export function RecordList({ children, label, single }: { children: ReactNode; label: string; single?: boolean }) {
  return (
    <section className={single ? 'record-list record-list-single' : 'record-list'} aria-label={label}>
      {children}
    </section>
  )
}
