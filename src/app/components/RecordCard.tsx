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
}

/** One row of a list as a card: phones show one per line, tablets two or three side by side (no wide tables). */
export function RecordCard({ title, tags, fields, actions, children, className }: RecordCardProps) {
  return (
    <article className={['record-card', className].filter(Boolean).join(' ')}>
      <header className="record-head">
        <h2 className="record-title">{title}</h2>
        {tags ? <div className="record-tags">{tags}</div> : null}
      </header>
      <dl className="record-fields">
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
