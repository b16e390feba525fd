import { Tag } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { RoleRecord } from '../../../shared/contract/role'
import { formatDate } from '../../../shared/domain/format'
import { organizationText } from '../../../shared/messages/organization'
import { OnlineButton } from '../../components/OnlineButton'
import { RecordCard } from '../../components/RecordCard'
import { type SearchField } from '../../components/SearchPanel'
import { ListScreen } from '../../components/ListScreen'
import { DialogSlot, lazyDialog } from '../../components/lazy-dialog'
import { useAuthorities } from '../../components/use-authorities'
import { useDisclosure } from '../../components/use-disclosure'
import { useSearchState } from '../../components/use-search-state'
import { deleteRow } from '../../components/delete-row'
import { roleListQuery, roleSearch, roleSearchMax, useRoleMutations } from './queries'

const t = organizationText.role
const RoleForm = lazyDialog(() => import('./RoleForm').then((m) => m.RoleForm))

/** The filters; `maxLength` is the server's limit (a longer filter in a link is cut by the URL parser). */
const searchFields: SearchField[] = [
  { name: 'name', label: t.name, maxLength: roleSearchMax.name },
  {
    name: 'roleType',
    label: t.type,
    options: [
      { label: t.allTypes, value: '' },
      { label: t.types.STAFF, value: 'STAFF' },
      { label: t.types.COMPANY, value: 'COMPANY' },
    ],
  },
]

/** /sys: roles of COMPANY and STAFF type with their authorities (SPEC §2 "Role list and role add/edit"). */
export function RoleScreen() {
  const query = useSearchState(roleSearch)
  const [search, setSearch] = query
  const list = useQuery(roleListQuery(search))
  const editor = useDisclosure<RoleRecord | null>()
  const { remove } = useRoleMutations()
  const { isBoss, info } = useAuthorities()
  const total = list.data?.total ?? 0

  // A role in use is refused: the server's message says so.
  const onDelete = (role: RoleRecord) => deleteRow(t.confirmDelete(role.name), () => remove.mutateAsync(role.id), { search, setSearch, total })

  // Only a boss manages COMPANY roles; others may not edit them even when listed.
  const canManage = (role: RoleRecord) => role.roleType === 'STAFF' || isBoss

  return (
    <ListScreen
      path="/sys"
      add={{ text: t.add, onClick: () => editor.open(null) }}
      searchFields={searchFields} query={query} list={list} emptyText={t.empty}
      dialogs={
        <>
          <DialogSlot of={editor}>
            <RoleForm key={editor.value?.id ?? 'new'} visible={editor.visible} editing={editor.value} onClose={editor.close} />
          </DialogSlot>
        </>
      }
    >
        {(role) => (
          <RecordCard
            key={role.id}
            title={role.name}
            tags={<Tag color={role.roleType === 'COMPANY' ? 'warning' : 'primary'} fill="outline">{t.types[role.roleType]}</Tag>}
            fields={[
              { label: t.authorities, value: t.authorityCount(role.authorityIdList.length) },
              { label: t.userCount, value: role.userCount },
              ...(role.companyId !== info?.companyId ? [{ label: organizationText.staff.company, value: role.companyName }] : []),
              { label: organizationText.common.createdAt, value: formatDate(role.createdAt, 'yyyy-MM-dd hh:mm') },
            ]}
            actions={
              canManage(role) ? (
                <>
                  <OnlineButton size="small" onClick={() => editor.open(role)}>
                    {organizationText.common.edit}
                  </OnlineButton>
                  <OnlineButton size="small" color="danger" fill="outline" onClick={() => void onDelete(role)}>
                    {organizationText.common.delete}
                  </OnlineButton>
                </>
              ) : undefined
            }
          />
        )}
    </ListScreen>
  )
}
