import type { ReactNode } from 'react'
import { ExclamationCircleOutline, FolderOutline } from 'antd-mobile-icons'

interface StateBlockProps {
  kind: 'empty' | 'error'
  title: string
  description?: string
  children?: ReactNode
}

/**
 * An empty or failed list: an icon and a sentence. Replaces antd-mobile's ErrorBlock, whose SVG illustrations
 * (~10 KB gzip) would load with every list screen (issue #4).
 */
export function StateBlock({ kind, title, description, children }: StateBlockProps) {
  const Icon = kind === 'error' ? ExclamationCircleOutline : FolderOutline
  return (
    // adm-error-block: tests/e2e/offline.test.ts still finds the empty task log by ErrorBlock's class name.
    <div className={`state-block state-${kind} adm-error-block`} role={kind === 'error' ? 'alert' : undefined}>
      <Icon className="state-icon" aria-hidden />
      <p className="state-title">{title}</p>
      {description ? <p className="state-description">{description}</p> : null}
      {children}
    </div>
  )
}
