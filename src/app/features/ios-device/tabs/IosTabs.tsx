import { Suspense } from 'react'
import { Tabs } from 'antd-mobile'
import { Loading } from '../../../components/Loading'
import { param } from '../../../components/search-params'
import { useSearchState } from '../../../components/use-search-state'
import { IOS_DEVICE_ID_PARAM } from '../device-id'
import { DEFAULT_IOS_TAB, iosTabs, type IosTabProps } from './registry'

/** The detail's link: its device and the open tab (setting one keeps the other). */
const tabSearch = { [IOS_DEVICE_ID_PARAM]: param.id, tab: param.oneOf(iosTabs.map((t) => t.key)) }

/**
 * The tabs of the Apple detail (SPEC §2). The open tab is in the link (?tab=), so the back button and a reload keep
 * it; only the open tab is rendered, so each tab's code and query load when it is first opened.
 */
export function IosTabs(props: IosTabProps) {
  const [search, setSearch] = useSearchState(tabSearch)
  const active = search.tab ?? DEFAULT_IOS_TAB
  const current = iosTabs.find((t) => t.key === active) ?? iosTabs[0]
  const Component = current.component
  return (
    <section className="ios-tabs">
      <Tabs activeKey={current.key} onChange={(key) => setSearch({ ...search, tab: key })} stretch={false}>
        {iosTabs.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      <Suspense fallback={<Loading />}>
        <Component {...props} />
      </Suspense>
    </section>
  )
}
