import { useEffect, useState } from 'react'
import { ProgressBar } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { DeviceAreaPlatform } from '../../../shared/domain/device-areas'
import { commandState, type CommandState } from '../../../shared/domain/status-language'
import { fleetText as t } from '../../../shared/messages/fleet'
import { Pagination } from '../../components/Pagination'
import { StateTag } from '../../components/StatusTag'
import { fleetStatusQuery, unfinished } from './queries'

const STATES: readonly CommandState[] = ['QUEUED', 'SENT', 'DONE', 'ERROR', 'TIMEOUT']
const PAGE_SIZE = 10

/**
 * A batch's progress, read from its tasks every 2 s until every device answered: the count in each state (the task
 * log's words), a bar of the finished share, and its devices' outcomes, failures first, with the device's own error.
 */
export function FleetProgress({ platform, batchId, onFinished }: { platform: DeviceAreaPlatform; batchId: string; onFinished: () => void }) {
  const [current, setCurrent] = useState(1)
  const status = useQuery(fleetStatusQuery(platform, batchId, current, PAGE_SIZE))
  const data = status.data
  const open = data ? unfinished(data.counts) : null
  useEffect(() => {
    if (open === 0) onFinished()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when the batch ends
  }, [open === 0])
  if (!data) return <p className="fleet-loading">{t.progressLabel}…</p>
  const finished = data.total - unfinished(data.counts)
  const percent = data.total > 0 ? Math.round((finished / data.total) * 100) : 100
  return (
    <div className="fleet-progress" data-testid="fleet-progress">
      <ul className="fleet-counts" aria-label={t.progressLabel}>
        {STATES.map((s) => (
          <li key={s} data-status={s}>
            <StateTag word={commandState(s)} />
            <strong className="fleet-count">{data.counts[s]}</strong>
          </li>
        ))}
      </ul>
      <div role="progressbar" aria-label={t.progressLabel} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <ProgressBar percent={percent} text />
      </div>
      <p className="fleet-finished" role="status">
        {open === 0 ? t.allFinished : t.finishedOf(finished, data.total)}
      </p>
      <h3 className="fleet-outcomes-title">{t.outcomes}</h3>
      {data.records.length === 0 ? <p>{t.noOutcomes}</p> : null}
      <ul className="fleet-outcomes" aria-label={t.outcomes}>
        {data.records.map((r) => (
          <li key={r.deviceId} className="fleet-outcome" data-status={r.status}>
            <span className="fleet-serial">{r.serialNumber}</span>
            <StateTag word={commandState(r.status)} />
            {r.errorMessage ? <span className="fleet-error">{r.errorMessage}</span> : null}
          </li>
        ))}
      </ul>
      {data.total > PAGE_SIZE ? <Pagination current={current} pageSize={PAGE_SIZE} total={data.total} showSizeChanger={false} showQuickJumper={false} onChange={(page) => setCurrent(page)} /> : null}
    </div>
  )
}
