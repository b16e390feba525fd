import { useEffect, useState } from 'react'

/** The current time, renewed every 30 s, so relative times ("3 分钟前") and statuses stay current on screen. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [])
  return now
}
