import { Suspense, useEffect, useRef } from 'react'
import { Loading } from '../../../components/Loading'
import { param } from '../../../components/search-params'
import { useSearchState } from '../../../components/use-search-state'
import { IOS_DEVICE_ID_PARAM } from '../device-id'
import { DEFAULT_IOS_TAB, iosTabs } from './registry'
import type { IosTabProps } from './tab-props'

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
  const section = useRef<HTMLElement>(null)
  const tapped = useRef(false)
  // Below the command grid, a phone shows the tab bar at its foot and the tab's content not at all: a tap on a tab
  // changed only the underline. Once the tapped tab is rendered (the link changed), the bar is brought to the top when
  // it is low on the screen, or scrolled past.
  useEffect(() => {
    if (!tapped.current) return
    tapped.current = false
    const top = section.current?.getBoundingClientRect().top
    if (top !== undefined && (top < 0 || top > window.innerHeight / 2)) section.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }, [current.key])
  const open = (key: string) => {
    tapped.current = true
    // The router would put the page back at the top, as for a new list page; the effect above decides instead.
    setSearch({ ...search, tab: key }, { keepScroll: true })
  }
  return (
    <section className="ios-tabs" ref={section}>
      {/* Every tab's name in full, in rows (issue #43 item 5: a scrolling strip cut 消息推送 to 消息推…). */}
      <div className="ios-tab-list" role="tablist">
        {iosTabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`ios-tab-${t.key}`}
            aria-selected={t.key === current.key}
            aria-controls="ios-tab-panel"
            className={t.key === current.key ? 'ios-tab ios-tab-active' : 'ios-tab'}
            onClick={() => t.key !== current.key && open(t.key)}
          >
            {t.title}
          </button>
        ))}
      </div>
      <div id="ios-tab-panel" role="tabpanel" aria-labelledby={`ios-tab-${current.key}`}>
        <Suspense fallback={<Loading />}>
          <Component {...props} />
        </Suspense>
      </div>
    </section>
  )
}
