import { Button } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { lifecycleText as t } from '../../../shared/messages/lifecycle'
import { DialogSlot, lazyDialog } from '../../components/lazy-dialog'
import { PageTitle } from '../../components/PageTitle'
import { useDisclosure } from '../../components/use-disclosure'
import { ExpiringList } from './ExpiringList'
import { policyQuery } from './lifecycle-queries'
import './renew.css'

const PolicyForm = lazyDialog(() => import('./PolicyForm').then((m) => m.PolicyForm))

type RenewQuery = readonly [
  { current: number; pageSize: number; view?: 'expiring' },
  unknown,
  (filters: Record<string, string | undefined>) => void,
  (current: number, pageSize: number) => void,
]

/**
 * The rental lifecycle on the renewals screen (issue #45): tabs 续费记录 / 即将到期 (the URL's `view`, so the dashboard's
 * count links to the list) and 到期策略, the company's policy in a sheet.
 */
export function useLifecycleViews([search, , onSearch, onPage]: RenewQuery) {
  const policySheet = useDisclosure()
  const policy = useQuery({ ...policyQuery(), enabled: policySheet.visible })
  const expiring = search.view === 'expiring'
  const tabs = (
    <nav className="renew-views" aria-label={t.expiringTitle}>
      <Button size="small" className="touch" color={expiring ? 'default' : 'primary'} fill={expiring ? 'outline' : 'solid'} aria-current={expiring ? undefined : 'page'} onClick={() => onSearch({ view: undefined })}>
        {t.renewalsTab}
      </Button>
      <Button size="small" className="touch" color={expiring ? 'primary' : 'default'} fill={expiring ? 'solid' : 'outline'} aria-current={expiring ? 'page' : undefined} onClick={() => onSearch({ view: 'expiring' })}>
        {t.expiringTitle}
      </Button>
      <Button size="small" className="touch" fill="outline" onClick={() => policySheet.open(true)}>
        {t.policyTitle}
      </Button>
    </nav>
  )
  const dialog = policy.data ? (
    <DialogSlot of={policySheet}>
      <PolicyForm visible={policySheet.visible} policy={policy.data} onClose={policySheet.close} />
    </DialogSlot>
  ) : null
  return {
    tabs,
    dialog,
    expiring: (now: number) => (
      <section>
        <PageTitle title={t.expiringTitle} />
        {tabs}
        <ExpiringList paging={search} onPage={onPage} now={now} />
        {dialog}
      </section>
    ),
  }
}
