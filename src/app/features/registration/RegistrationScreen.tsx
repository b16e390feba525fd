import { Tag } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { RegistrationRecord, RegistrationStatus } from '../../../shared/contract/registration'
import { formatDate } from '../../../shared/domain/format'
import { successMessages, uiText } from '../../../shared/messages/common'
import { organizationText } from '../../../shared/messages/organization'
import { OnlineButton } from '../../components/OnlineButton'
import { RecordCard } from '../../components/RecordCard'
import { type SearchField } from '../../components/SearchPanel'
import { ListScreen } from '../../components/ListScreen'
import { DialogSlot, lazyDialog } from '../../components/lazy-dialog'
import { useDisclosure } from '../../components/use-disclosure'
import { useSearchState } from '../../components/use-search-state'
import { deleteRow } from '../../components/delete-row'
import { notify } from '../../notify'
import { Dialog } from '../../components/popups'
import { registrationListQuery, registrationSearch, registrationSearchMax, registrationStatuses, useRegistrationMutations } from './queries'

const t = organizationText.registration
const RegistrationForm = lazyDialog(() => import('./RegistrationForm').then((m) => m.RegistrationForm))
/** The filters; `maxLength` is the server's limit (a longer filter in a link is cut by the URL parser). */
const searchFields: SearchField[] = [
  { name: 'username', label: uiText.username, maxLength: registrationSearchMax.username },
  {
    name: 'status',
    label: t.status,
    options: [{ label: t.allStatuses, value: '' }, ...registrationStatuses.map((s) => ({ label: t.statuses[s], value: s }))],
  },
]
const statusColor: Record<RegistrationStatus, 'warning' | 'success' | 'danger'> = { PENDING: 'warning', APPROVED: 'success', REJECTED: 'danger' }

/** /userRegister (administrator): review registrations — approve or reject, edit, delete (SPEC §2). */
export function RegistrationScreen() {
  const query = useSearchState(registrationSearch)
  const [search, setSearch] = query
  const list = useQuery(registrationListQuery(search))
  const editor = useDisclosure<RegistrationRecord>()
  const { approve, reject, remove } = useRegistrationMutations()
  const total = list.data?.total ?? 0

  const onReview = async (r: RegistrationRecord) => {
    // The approve/reject dialog (SPEC §2): 通过 creates the company and its boss account; 不通过 closes the application.
    const choice = await new Promise<'approve' | 'reject' | null>((resolve) => {
      const choose = (value: 'approve' | 'reject' | null) => () => {
        resolve(value)
        handler.close()
      }
      const handler = Dialog.show({
        title: t.reviewTitle,
        content: t.reviewText(r.companyName, r.username),
        closeOnMaskClick: true,
        onClose: () => resolve(null),
        actions: [
          [
            { key: 'reject', text: t.reject, danger: true, onClick: choose('reject') },
            { key: 'approve', text: t.approve, bold: true, onClick: choose('approve') },
          ],
          { key: 'cancel', text: uiText.cancel, onClick: choose(null) },
        ],
      })
    })
    if (!choice) return
    try {
      if (choice === 'approve') await approve.mutateAsync(r.id)
      else await reject.mutateAsync(r.id)
    } catch {
      return
    }
    notify.success(choice === 'approve' ? successMessages.approve : successMessages.reject)
  }

  const onDelete = (r: RegistrationRecord) => deleteRow(t.confirmDelete(r.companyName), () => remove.mutateAsync(r.id), { search, setSearch, total })

  return (
    <ListScreen
      path="/userRegister"
      searchFields={searchFields} query={query} list={list} emptyText={t.empty}
      dialogs={
        <>
          <DialogSlot of={editor}>
            <RegistrationForm key={editor.value?.id} visible={editor.visible} editing={editor.value} onClose={editor.close} />
          </DialogSlot>
        </>
      }
    >
        {(r) => (
          <RecordCard
            key={r.id}
            title={r.companyName}
            tags={<Tag color={statusColor[r.status]}>{t.statuses[r.status]}</Tag>}
            fields={[
              { label: uiText.username, value: r.username },
              { label: uiText.contactName, value: r.contactName },
              { label: uiText.phoneNumber, value: r.phoneNumber },
              { label: t.appliedAt, value: formatDate(r.createdAt, 'yyyy-MM-dd hh:mm') },
              ...(r.reviewedAt ? [{ label: t.reviewedAt, value: formatDate(r.reviewedAt, 'yyyy-MM-dd hh:mm') }] : []),
            ]}
            actions={
              <>
                {r.status === 'PENDING' ? (
                  <>
                    <OnlineButton size="small" color="primary" onClick={() => void onReview(r)}>
                      {t.review}
                    </OnlineButton>
                    <OnlineButton size="small" onClick={() => editor.open(r)}>
                      {organizationText.common.edit}
                    </OnlineButton>
                  </>
                ) : null}
                <OnlineButton size="small" color="danger" fill="outline" onClick={() => void onDelete(r)}>
                  {organizationText.common.delete}
                </OnlineButton>
              </>
            }
          />
        )}
    </ListScreen>
  )
}
