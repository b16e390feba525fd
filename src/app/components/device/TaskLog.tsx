import { Fragment, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { TaskRecord } from '../../../shared/contract/huawei-device'
import { commandState } from '../../../shared/domain/status-language'
import { formatDate } from '../../../shared/domain/format'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../../shared/domain/paging-rules'
import { appleDeviceText } from '../../../shared/messages/apple'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { Pagination } from '../Pagination'
import { QueryStatus } from '../QueryStatus'
import { StateTag } from '../StatusTag'
import { taskLogQuery } from './queries'
import { commandLabel, type CommandFamily } from './family'
import { taskFailureText } from './task-follow'

function TaskItem({ task, label }: { task: TaskRecord; label: string }) {
  const failure = taskFailureText(task)
  const parts = [
    `${t.taskCreatedAt} ${formatDate(task.createdAt)}`,
    task.finishedAt ? `${t.taskFinishedAt} ${formatDate(task.finishedAt)}` : null,
    task.createdByName ? `${t.taskCreatedBy} ${task.createdByName}` : null,
  ].filter((part) => part !== null)
  return (
    <li className="task-item" data-task-id={task.taskId} data-status={task.status}>
      <span className="task-type">{label}</span>
      <StateTag word={commandState(task.status)} className="task-status" />
      {/* Each part on one line (a narrow phone wrapped a date away from its time). */}
      <span className="task-meta">
        {parts.map((part, i) => (
          <Fragment key={part}>
            {i > 0 ? ' · ' : null}
            <span className="task-part">{part}</span>
          </Fragment>
        ))}
      </span>
      {failure ? <span className="task-error">{failure}</span> : null}
      {/* Apple's NotNow: still waiting for the device (queued again for its next check-in), not a failure. */}
      {!failure && task.status === 'QUEUED' && task.deferredAt ? (
        <span className="task-meta" data-testid="task-deferred">
          {appleDeviceText.taskDeferred}
        </span>
      ) : null}
    </li>
  )
}

/**
 * A device's task log, for any family, newest first (SPEC §7 /device/task/search). It refreshes itself while tasks are pending,
 * as the detail does while its pendingTaskCount is above 0, so the detail's last refresh already shows the
 * state the finished tasks left behind.
 */
export function TaskLog({ family, deviceId }: { family: CommandFamily; deviceId: number }) {
  const [paging, setPaging] = useState({ current: FIRST_PAGE, pageSize: DEFAULT_PAGE_SIZE })
  const log = useQuery(taskLogQuery(family, deviceId, paging))
  const records = log.data?.records ?? []
  return (
    <section className="device-section" aria-label={t.taskLog} id="task-log">
      <h2>{t.taskLog}</h2>
      <QueryStatus isPending={log.isPending} isError={log.isError && !log.data} isEmpty={records.length === 0} onRetry={() => void log.refetch()} emptyText={t.noTasks} />
      <ul className="task-list">
        {records.map((task) => (
          <TaskItem key={task.taskId} task={task} label={commandLabel(family, task.type)} />
        ))}
      </ul>
      {(log.data?.total ?? 0) > paging.pageSize ? (
        <Pagination current={paging.current} pageSize={paging.pageSize} total={log.data?.total ?? 0} onChange={(current, pageSize) => setPaging({ current, pageSize })} showQuickJumper={false} />
      ) : null}
    </section>
  )
}
