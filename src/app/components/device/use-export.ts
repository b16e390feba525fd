import { useState } from 'react'
import { formatFileSize } from '../../../shared/domain/format'
import { deviceCommandText as c } from '../../../shared/messages/devices'
import type { DownloadOptions } from '../../api/download'

type Progress = { received: number; total: number | null }

/** What an export in progress says: that the file is being prepared, then how much of it arrived (issue #43). */
export function exportProgressText({ received, total }: Progress): string {
  if (received === 0) return c.exportPreparing
  return c.exportReceiving(formatFileSize(received), total ? Math.min(100, Math.floor((received / total) * 100)) : null)
}

/**
 * An export that shows signs of life: while the server prepares the file and while it arrives, the button is busy and
 * says so; a second tap meanwhile starts nothing.
 */
export function useExport(run: (onProgress: NonNullable<DownloadOptions['onProgress']>) => Promise<unknown>) {
  const [progress, setProgress] = useState<Progress | null>(null)
  const start = async () => {
    if (progress) return
    setProgress({ received: 0, total: null })
    try {
      await run((received, total) => setProgress({ received, total }))
    } finally {
      setProgress(null)
    }
  }
  return { exporting: progress !== null, text: progress ? exportProgressText(progress) : null, start }
}
