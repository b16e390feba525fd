import { Tag } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { AnnouncementSummary } from '../../../shared/contract/announcement'
import { formatDate } from '../../../shared/domain/format'
import { announcementText as t } from '../../../shared/messages/announcement'
import { deleteRow } from '../../components/delete-row'
import { ListScreen } from '../../components/ListScreen'
import { OnlineButton } from '../../components/OnlineButton'
import { RecordCard } from '../../components/RecordCard'
import { type SearchField } from '../../components/SearchPanel'
import { useAuthorities } from '../../components/use-authorities'
import { useSearchState } from '../../components/use-search-state'
import { AnnouncementViewer } from './AnnouncementViewer'
import { rememberEditedAnnouncement } from './announcement-id'
import { announcementListQuery, announcementSearch, announcementSearchMax, useAnnouncementMutations } from './queries'
import './announcement.css'

const searchFields: SearchField[] = [{ name: 'title', label: t.searchTitle, maxLength: announcementSearchMax.title }]

/**
 * /announcement (SPEC §2): every announcement, newest first, with this user's unread marker; tapping one opens the
 * viewer (`?view=<id>`, so the dashboard can link to one), which marks it read. The platform administrator also
 * publishes, edits and deletes here.
 */
export function AnnouncementScreen() {
  const query = useSearchState(announcementSearch)
  const [search, setSearch] = query
  // The open viewer is not part of the list's query.
  const list = useQuery(announcementListQuery({ current: search.current, pageSize: search.pageSize, title: search.title }))
  const canManage = useAuthorities().has('announcement:manage')
  const mutations = useAnnouncementMutations()
  const navigate = useNavigate()
  const setView = (view: number | undefined) => setSearch({ ...search, view })

  const edit = (a: AnnouncementSummary) => {
    rememberEditedAnnouncement(a.id)
    void navigate({ to: '/announcement/edit' })
  }
  const remove = (a: AnnouncementSummary) =>
    deleteRow(t.deleteConfirm(a.title), () => mutations.remove.mutateAsync(a.id), { search, setSearch, total: list.data?.total ?? 0 })

  return (
    <ListScreen
      path="/announcement"
      add={canManage ? { text: t.add, onClick: () => void navigate({ to: '/announcement/create' }) } : undefined}
      searchFields={searchFields}
      query={query}
      list={list}
      emptyText={t.empty}
      dialogs={<AnnouncementViewer id={search.view} onClose={() => setView(undefined)} />}
    >
      {(a) => (
        <RecordCard
          key={a.id}
          className={a.read ? 'announcement-card' : 'announcement-card announcement-unread'}
          title={
            <button type="button" className="announcement-open" aria-label={t.open(a.title)} onClick={() => setView(a.id)}>
              {a.read ? null : <span className="unread-dot" aria-hidden />}
              {a.title}
            </button>
          }
          tags={
            <>
              {a.top ? (
                <Tag color="danger" fill="outline">
                  {t.top}
                </Tag>
              ) : null}
              <Tag color={a.read ? 'default' : 'primary'}>{a.read ? t.read : t.unread}</Tag>
            </>
          }
          fields={[
            { label: t.contentLabel, value: <span className="announcement-summary">{a.summary}</span> },
            { label: t.publishedAt, value: formatDate(a.createdAt, 'yyyy-MM-dd hh:mm') },
            ...(a.authorName ? [{ label: t.author, value: a.authorName }] : []),
          ]}
          actions={
            canManage ? (
              <>
                <OnlineButton size="small" onClick={() => edit(a)}>
                  {t.edit}
                </OnlineButton>
                <OnlineButton size="small" color="danger" fill="outline" onClick={() => void remove(a)}>
                  {t.delete}
                </OnlineButton>
              </>
            ) : undefined
          }
        />
      )}
    </ListScreen>
  )
}
