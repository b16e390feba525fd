import { useQuery } from '@tanstack/react-query'
import type { CompanyRecord } from '../../../shared/contract/company'
import { successMessages, uiText } from '../../../shared/messages/common'
import { organizationText } from '../../../shared/messages/organization'
import { type SearchField } from '../../components/SearchPanel'
import { ListScreen } from '../../components/ListScreen'
import { confirmAction, resetPassword } from '../../components/dialogs'
import { DialogSlot, lazyDialog } from '../../components/lazy-dialog'
import { useAuthorities } from '../../components/use-authorities'
import { useDisclosure } from '../../components/use-disclosure'
import { useSearchState } from '../../components/use-search-state'
import { useCachedPage } from '../../components/cached-search'
import { useOnline } from '../../components/use-online'
import { notify } from '../../notify'
import { CompanyNode, nodeTitle, type CompanyActions } from './CompanyNode'
import { companyListQuery, companySearch, companySearchMax, searchCachedCompanies, useCompanyMutations } from './queries'

const t = organizationText.company
const CompanyForm = lazyDialog(() => import('./CompanyForm').then((m) => m.CompanyForm))
const QuotaForm = lazyDialog(() => import('./QuotaForm').then((m) => m.QuotaForm))
const CompanyDevices = lazyDialog(() => import('./CompanyDevices').then((m) => m.CompanyDevices))

/** The filters; `maxLength` is the server's limit (a longer filter in a link is cut by the URL parser). */
const searchFields: SearchField[] = [
  { name: 'name', label: uiText.companyName, maxLength: companySearchMax.name },
  { name: 'username', label: uiText.username, maxLength: companySearchMax.username },
]

/** /user/business: the company tree with its accounts, quota and devices (SPEC §2). */
export function CompanyScreen() {
  const query = useSearchState(companySearch)
  const [search] = query
  const list = useQuery(companyListQuery(search))
  // Issue #43 item 1: offline, the search runs over the companies cached on this phone, each as of when it was cached.
  const cached = useCachedPage(searchCachedCompanies, search, useOnline(), list.data)
  const { info, isAdmin } = useAuthorities()
  const editor = useDisclosure<CompanyRecord | null>()
  const quota = useDisclosure<CompanyRecord>()
  const devices = useDisclosure<CompanyRecord>()
  const mutations = useCompanyMutations()

  const actions: CompanyActions = {
    edit: (c) => editor.open(c),
    changeQuota: (c) => quota.open(c),
    devices: (c) => devices.open(c),
    resetPassword: (c) =>
      void resetPassword({
        question: t.confirmReset(nodeTitle(c), c.username),
        account: c.username,
        reset: () => mutations.resetPassword.mutateAsync(c.bossUserId!),
      }),
    openHuawei: async (c) => {
      if (!(await confirmAction(t.confirmOpenHuawei(c.name), t.openHuawei))) return
      try {
        await mutations.openHuawei.mutateAsync(c.id)
      } catch {
        return
      }
      notify.success(successMessages.openHuawei)
    },
  }

  return (
    <ListScreen
      path="/user/business"
      add={{ text: isAdmin ? t.addTopLevel : t.add, onClick: () => editor.open(null) }}
      searchFields={searchFields} query={query} list={list} emptyText={t.empty}
      offline={cached && { page: cached, count: t.cachedResults, empty: t.noCachedMatches }}
      single
      dialogs={
        <>
          <DialogSlot of={editor}>
            <CompanyForm key={editor.value?.id ?? 'new'} visible={editor.visible} editing={editor.value} onClose={editor.close} />
          </DialogSlot>
          <DialogSlot of={quota}>
            <QuotaForm key={quota.value?.id} visible={quota.visible} company={quota.value} ownCompanyId={info?.companyId ?? null} onClose={quota.close} />
          </DialogSlot>
          <DialogSlot of={devices}>
            <CompanyDevices visible={devices.visible} company={devices.value} onClose={devices.close} />
          </DialogSlot>
        </>
      }
    >
        {(c, cachedAt) => (
          <CompanyNode key={c.id} company={c} ownCompanyId={info?.companyId ?? null} actions={actions} cachedAt={cachedAt} />
        )}
    </ListScreen>
  )
}
