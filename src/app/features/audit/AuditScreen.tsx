import { Tag } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { AuditRecord } from '../../../shared/contract/audit'
import { auditActions } from '../../../shared/domain/audit'
import { formatDate } from '../../../shared/domain/format'
import { auditText as t } from '../../../shared/messages/audit'
import { RecordCard } from '../../components/RecordCard'
import { type SearchField } from '../../components/SearchPanel'
import { ListScreen } from '../../components/ListScreen'
import { useSearchState } from '../../components/use-search-state'
import { auditListQuery, auditSearch, auditSearchMax } from './queries'

const searchFields: SearchField[] = [
  { name: 'action', label: t.actionLabel, options: [{ label: t.allActions, value: '' }, ...auditActions.map((a) => ({ label: t.actions[a], value: a }))] },
  { name: 'actor', label: t.actorLabel, maxLength: auditSearchMax.actor },
  { name: 'from', label: t.fromLabel, maxLength: 10 },
  { name: 'to', label: t.toLabel, maxLength: 10 },
]

const actionLabel = (code: string) => (t.actions as Record<string, string>)[code] ?? code
const actorKindLabel = (kind: string) => (t.actorKinds as Record<string, string>)[kind] ?? kind

function actorText(r: AuditRecord): string {
  const who = r.actorUsername || actorKindLabel(r.actorKind)
  return r.companyName ? `${who}（${r.companyName}）` : `${who}（${actorKindLabel(r.actorKind)}）`
}

/** /audit: the audit trail, newest first — the administrator reads all of it, a boss its company tree (issue #10). */
export function AuditScreen() {
  const query = useSearchState(auditSearch)
  const [search] = query
  const list = useQuery(auditListQuery(search))

  return (
    <ListScreen
      path="/audit"
      searchFields={searchFields} query={query} list={list} emptyText={t.empty}
    >
        {(r) => (
          <RecordCard
            key={r.id}
            title={actionLabel(r.action)}
            tags={<Tag color={r.outcome === 'SUCCESS' ? 'success' : 'danger'}>{t.outcomes[r.outcome]}</Tag>}
            fields={[
              { label: t.actorLabel, value: actorText(r) },
              ...(r.summary ? [{ label: t.targetLabel, value: r.targetCompanyName ? `${r.summary}（${r.targetCompanyName}）` : r.summary }] : []),
              ...(r.reason ? [{ label: t.reasonLabel, value: r.reason }] : []),
              { label: t.addressLabel, value: r.clientIp || '-' },
              { label: t.timeLabel, value: formatDate(r.at) },
            ]}
          />
        )}
    </ListScreen>
  )
}
