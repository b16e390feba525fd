import { PullToRefresh, Tag } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { StaffRecord } from '../../../shared/contract/staff'
import { formatDate } from '../../../shared/domain/format'
import { pageAfterDelete } from '../../../shared/domain/paging'
import { organizationText, routeTitles, successMessages, uiText } from '../../../shared/messages'
import { OnlineButton } from '../../components/OnlineButton'
import { PageTitle } from '../../components/PageTitle'
import { Pagination } from '../../components/Pagination'
import { QueryStatus } from '../../components/QueryStatus'
import { RecordCard, RecordList } from '../../components/RecordCard'
import { SearchPanel } from '../../components/SearchPanel'
import { confirmAction, showNewPassword } from '../../components/dialogs'
import { useDisclosure } from '../../components/use-disclosure'
import { useSearchState } from '../../components/use-search-state'
import { notify } from '../../notify'
import { staffListQuery, staffSearchSchema, useStaffMutations } from './queries'
import { StaffForm } from './StaffForm'

const t = organizationText.staff

/** /user/staff: search, add/edit, delete and reset the password of staff (SPEC §2). */
export function StaffScreen() {
  const [search, setSearch] = useSearchState(staffSearchSchema)
  const list = useQuery(staffListQuery(search))
  const editor = useDisclosure<StaffRecord | null>()
  const { remove, resetPassword } = useStaffMutations()
  const records = list.data?.records ?? []
  const total = list.data?.total ?? 0

  const onDelete = async (s: StaffRecord) => {
    if (!(await confirmAction(t.confirmDelete(s.name || s.username), organizationText.common.delete))) return
    try {
      await remove.mutateAsync(s.id)
    } catch {
      return
    }
    notify.success(successMessages.delete)
    // SPEC §4: after deleting the last row of a page above 1, the page steps back.
    const current = pageAfterDelete({ current: search.current, pageSize: search.pageSize, total })
    if (current !== search.current) setSearch({ ...search, current })
  }

  const onResetPassword = async (s: StaffRecord) => {
    if (!(await confirmAction(t.confirmReset(s.name || s.username), organizationText.common.resetPassword))) return
    try {
      const { password } = await resetPassword.mutateAsync(s.id)
      await showNewPassword(s.username, password)
    } catch {
      // the server's message is shown
    }
  }

  return (
    <section>
      <PageTitle
        title={routeTitles['/user/staff']}
        extra={
          <OnlineButton color="primary" className="touch" onClick={() => editor.open(null)}>
            {t.add}
          </OnlineButton>
        }
      />
      <SearchPanel
        fields={[
          { name: 'name', label: t.name },
          { name: 'username', label: uiText.username },
          { name: 'phoneNumber', label: uiText.phoneNumber, inputMode: 'tel' },
        ]}
        values={search}
        onSearch={(filters) => setSearch({ ...search, ...filters, current: 1 })}
      />
      <PullToRefresh onRefresh={async () => void (await list.refetch())}>
        <QueryStatus isPending={list.isPending} isError={list.isError && !list.data} isEmpty={records.length === 0} onRetry={() => void list.refetch()} emptyText={t.empty} />
        <RecordList label={routeTitles['/user/staff']}>
          {records.map((s) => (
            <RecordCard
              key={s.id}
              title={s.name || s.username}
              tags={
                <>
                  <Tag color="primary" fill="outline">
                    {s.roleName ?? t.noRole}
                  </Tag>
                  {!s.available ? <Tag color="danger">{organizationText.common.disabled}</Tag> : null}
                </>
              }
              fields={[
                { label: uiText.username, value: s.username },
                { label: uiText.phoneNumber, value: s.phoneNumber || '—' },
                { label: t.company, value: s.companyName },
                { label: organizationText.common.createdAt, value: formatDate(s.createdAt, 'yyyy-MM-dd hh:mm') },
              ]}
              actions={
                <>
                  <OnlineButton size="small" onClick={() => editor.open(s)}>
                    {organizationText.common.edit}
                  </OnlineButton>
                  <OnlineButton size="small" onClick={() => void onResetPassword(s)}>
                    {organizationText.common.resetPassword}
                  </OnlineButton>
                  <OnlineButton size="small" color="danger" fill="outline" onClick={() => void onDelete(s)}>
                    {organizationText.common.delete}
                  </OnlineButton>
                </>
              }
            />
          ))}
        </RecordList>
      </PullToRefresh>
      {total > 0 ? (
        <Pagination current={search.current} pageSize={search.pageSize} total={total} onChange={(current, pageSize) => setSearch({ ...search, current, pageSize })} />
      ) : null}
      <StaffForm key={editor.value?.id ?? 'new'} visible={editor.visible} editing={editor.value} onClose={editor.close} />
    </section>
  )
}
