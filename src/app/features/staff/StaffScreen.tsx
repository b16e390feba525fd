import { Tag } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { StaffRecord } from '../../../shared/contract/staff'
import { formatDate } from '../../../shared/domain/format'
import { uiText } from '../../../shared/messages/common'
import { organizationText } from '../../../shared/messages/organization'
import { OnlineButton } from '../../components/OnlineButton'
import { RecordCard } from '../../components/RecordCard'
import { type SearchField } from '../../components/SearchPanel'
import { ListScreen } from '../../components/ListScreen'
import { resetPassword } from '../../components/dialogs'
import { DialogSlot, lazyDialog } from '../../components/lazy-dialog'
import { useDisclosure } from '../../components/use-disclosure'
import { useSearchState } from '../../components/use-search-state'
import { deleteRow } from '../../components/delete-row'
import { staffListQuery, staffSearch, staffSearchMax, useStaffMutations } from './queries'
import { useAuthorities } from '../../components/use-authorities'

const t = organizationText.staff
const StaffForm = lazyDialog(() => import('./StaffForm').then((m) => m.StaffForm))

/** The filters; `maxLength` is the server's limit (a longer filter in a link is cut by the URL parser). */
const searchFields: SearchField[] = [
  { name: 'name', label: t.name, maxLength: staffSearchMax.name },
  { name: 'username', label: uiText.username, maxLength: staffSearchMax.username },
  { name: 'phoneNumber', label: uiText.phoneNumber, inputMode: 'tel', maxLength: staffSearchMax.phoneNumber },
]

/** /user/staff: search, add/edit, delete and reset the password of staff (SPEC §2). */
export function StaffScreen() {
  const query = useSearchState(staffSearch)
  const [search, setSearch] = query
  const list = useQuery(staffListQuery(search))
  const editor = useDisclosure<StaffRecord | null>()
  const mutations = useStaffMutations()
  const total = list.data?.total ?? 0
  // Only company accounts reset a staff password (the server refuses staff: it would open a colleague's devices).
  const canResetPassword = useAuthorities().isCompanyAccount

  const onDelete = (s: StaffRecord) =>
    deleteRow(t.confirmDelete(s.name || s.username), () => mutations.remove.mutateAsync(s.id), { search, setSearch, total })

  const onResetPassword = (s: StaffRecord) =>
    resetPassword({ question: t.confirmReset(s.name || s.username), account: s.username, reset: () => mutations.resetPassword.mutateAsync(s.id) })

  return (
    <ListScreen
      path="/user/staff"
      add={{ text: t.add, onClick: () => editor.open(null) }}
      searchFields={searchFields} query={query} list={list} emptyText={t.empty}
      dialogs={
        <>
          <DialogSlot of={editor}>
            <StaffForm key={editor.value?.id ?? 'new'} visible={editor.visible} editing={editor.value} onClose={editor.close} />
          </DialogSlot>
        </>
      }
    >
        {(s) => (
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
                {canResetPassword ? (
                  <OnlineButton size="small" onClick={() => void onResetPassword(s)}>
                    {organizationText.common.resetPassword}
                  </OnlineButton>
                ) : null}
                <OnlineButton size="small" color="danger" fill="outline" onClick={() => void onDelete(s)}>
                  {organizationText.common.delete}
                </OnlineButton>
              </>
            }
          />
        )}
    </ListScreen>
  )
}
