import { startTransition, useEffect, useState } from 'react'

/** Set once a long list has rendered in full: only the app's first list renders progressively. */
let startedUp = false

/**
 * How many of a long list's items to render. On the first list the app shows after starting (an installed app
 * opened offline onto 100 cached devices, say), the first `first` items, then all of them in a transition a frame
 * later, which React renders in slices between frames: the cards on screen appear without waiting for the 90 below
 * them (issue #16: rendering 100 device cards was one task of 640 ms at 1× CPU). Every later list renders in full at
 * once, so scroll restoration on the way back to a list finds its whole height.
 */
export function useProgressiveCount(total: number, first: number): number {
  const [all, setAll] = useState(startedUp)
  useEffect(() => {
    if (all) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() =>
        startTransition(() => {
          startedUp = true
          setAll(true)
        }),
      )
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [all])
  return all ? total : Math.min(total, first)
}
