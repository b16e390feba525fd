import { createContext, useContext, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react'
import { errorMessages, uiText } from '../../shared/messages/common'
import { notify } from '../notify'
import { Spinner } from './Loading'
import type { Disclosure } from './use-disclosure'

/** What a lazily loaded dialog learns from the DialogSlot it sits in. */
interface Slot {
  visible: boolean
  ready: () => void
  failed: () => void
}

const SlotContext = createContext<Slot>({ visible: true, ready: () => {}, failed: () => {} })

/**
 * A dialog whose code is fetched the first time it opens (issue #4: the forms carry antd-mobile's Form and the zod
 * contracts, ~60 KB gzip that no list screen needs to show). The code is fetched once for the whole app; a failed
 * fetch is forgotten, so the next open tries again. Place it in a DialogSlot.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | undefined
  const fetchOnce = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined
        throw error
      },
    ))

  return function LazyDialog(props: P) {
    const slot = useContext(SlotContext)
    const [Loaded, setLoaded] = useState(() => loaded)
    useEffect(() => {
      if (Loaded) return
      let live = true
      fetchOnce().then(
        (component) => {
          if (!live) return
          setLoaded(() => component)
          slot.ready()
        },
        () => {
          if (live) slot.failed()
        },
      )
      return () => {
        live = false
      }
    }, [Loaded, slot])
    if (Loaded) return <Loaded {...props} />
    return slot.visible ? (
      <div className="dialog-loading" role="status">
        <Spinner size={20} />
        <span>{uiText.loading}</span>
      </div>
    ) : null
  }
}

/**
 * Where a lazily loaded dialog lives in a screen: nothing until the dialog is first opened, then the dialog, kept
 * mounted (see useDisclosure) so that closing it keeps what was typed. When its code cannot be fetched (offline
 * without a cached copy, a new deployment, a flaky network) the user is told, the dialog closes, and the next open
 * tries again.
 */
export function DialogSlot({ of, children }: { of: Disclosure; children: ReactNode }) {
  const [failed, setFailed] = useState(false)
  const { visible, close } = of
  const slot = useMemo<Slot>(
    () => ({
      visible,
      ready: () => setFailed(false),
      failed: () => {
        setFailed(true)
        notify.warning(errorMessages.networkFailed)
        close()
      },
    }),
    [visible, close],
  )
  if (!of.mounted || (failed && !visible)) return null
  return <SlotContext.Provider value={slot}>{children}</SlotContext.Provider>
}
