import { useEffect, useRef, useState, type ReactNode } from 'react'
import { uiText } from '../../shared/messages/common'
import './pull-to-refresh.css'

const HEAD_HEIGHT = 40
const THRESHOLD = 60
const COMPLETE_DELAY_MS = 500

type Status = 'pulling' | 'canRelease' | 'refreshing' | 'complete'

/** Whether the touch started somewhere already scrolled: then the gesture scrolls, it does not pull. */
function scrolledAbove(target: EventTarget | null): boolean {
  for (let el = target instanceof Element ? target : null; el; el = el.parentElement) if (el.scrollTop > 0) return true
  return window.scrollY > 0
}

/**
 * Pull down at the top of a list to refresh it: antd-mobile's PullToRefresh (same head, texts, threshold and rubber
 * band) without react-spring and @use-gesture, which cost every list screen ~24 KB gzip. The head's height follows
 * the finger directly and eases back with a CSS transition; the list itself never re-renders during the gesture.
 */
interface PullToRefreshProps {
  onRefresh: () => Promise<unknown>
  children: ReactNode
  pullingText?: string
  canReleaseText?: string
  refreshingText?: string
  completeText?: string
}

export function PullToRefresh({ onRefresh, children, ...texts }: PullToRefreshProps) {
  const text: Record<Status, string> = {
    pulling: texts.pullingText ?? uiText.pullToRefresh.pulling,
    canRelease: texts.canReleaseText ?? uiText.pullToRefresh.canRelease,
    refreshing: texts.refreshingText ?? uiText.pullToRefresh.refreshing,
    complete: texts.completeText ?? uiText.pullToRefresh.complete,
  }
  const [status, setStatus] = useState<Status>('pulling')
  const rootRef = useRef<HTMLDivElement>(null)
  const headRef = useRef<HTMLDivElement>(null)
  const refresh = useRef(onRefresh)
  useEffect(() => {
    refresh.current = onRefresh
  })

  useEffect(() => {
    const root = rootRef.current!
    const head = headRef.current!
    let startY: number | null = null
    let pulling = false
    let busy = false
    let height = 0
    const setHeight = (h: number, animate: boolean) => {
      height = h
      head.style.transition = animate ? 'height 0.25s ease-out' : 'none'
      head.style.height = `${h}px`
    }
    const onStart = (e: TouchEvent) => {
      startY = busy || e.touches.length !== 1 || scrolledAbove(e.target) ? null : e.touches[0].clientY
      pulling = false
    }
    const onMove = (e: TouchEvent) => {
      if (startY === null) return
      const dy = e.touches[0].clientY - startY
      if (!pulling) {
        if (dy <= 0) {
          startY = null // an upward swipe scrolls
          return
        }
        pulling = true
      }
      if (e.cancelable) e.preventDefault()
      // The rubber band of antd-mobile: the head follows the finger less and less, up to five head heights.
      const max = HEAD_HEIGHT * 5
      const d = Math.max(dy, 0)
      setHeight((1 - 1 / ((d * 0.5) / max + 1)) * max, false)
      setStatus(height > THRESHOLD ? 'canRelease' : 'pulling')
    }
    const onEnd = async () => {
      if (startY === null || !pulling) return
      startY = null
      pulling = false
      if (height <= THRESHOLD) {
        setHeight(0, true)
        return
      }
      busy = true
      setHeight(HEAD_HEIGHT, true)
      setStatus('refreshing')
      try {
        await refresh.current()
        setStatus('complete')
        await new Promise((r) => setTimeout(r, COMPLETE_DELAY_MS))
      } catch {
        // the query shows its own failure
      }
      setHeight(0, true)
      setTimeout(() => setStatus('pulling'), 250)
      busy = false
    }
    root.addEventListener('touchstart', onStart, { passive: true })
    root.addEventListener('touchmove', onMove, { passive: false })
    root.addEventListener('touchend', onEnd)
    root.addEventListener('touchcancel', onEnd)
    return () => {
      root.removeEventListener('touchstart', onStart)
      root.removeEventListener('touchmove', onMove)
      root.removeEventListener('touchend', onEnd)
      root.removeEventListener('touchcancel', onEnd)
    }
  }, [])

  return (
    <div ref={rootRef} className="pull-to-refresh">
      <div ref={headRef} className="pull-to-refresh-head" aria-hidden={status === 'pulling'}>
        <div className="pull-to-refresh-head-content" style={{ height: HEAD_HEIGHT }}>
          {text[status]}
        </div>
      </div>
      {children}
    </div>
  )
}
