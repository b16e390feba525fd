import { useMemo } from 'react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import type { z } from 'zod'

/**
 * A list screen's query (page, size, filters) kept in the URL, so a reload or a shared link restores it
 * (STYLE §4). The schema is parsed inside the lazily loaded screen, keeping zod out of the first paint.
 */
export function useSearchState<S extends z.ZodType<Record<string, unknown>>>(schema: S) {
  const raw = useSearch({ strict: false }) as Record<string, unknown>
  const navigate = useNavigate()
  const state = useMemo(() => {
    const parsed = schema.safeParse(raw)
    return (parsed.success ? parsed.data : schema.parse({})) as z.output<S>
  }, [raw, schema])
  const setState = (next: z.output<S>) => {
    const search = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== ''))
    void navigate({ to: '.', search: search as never, replace: true })
  }
  return [state, setState] as const
}
