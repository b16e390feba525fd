import { useCallback, useState } from 'react'

/** Open state of one dialog and the value it was opened for (STYLE §10: the dialog owns it, not the page). */
export function useDisclosure<T = true>() {
  const [state, setState] = useState<{ visible: boolean; value: T | null }>({ visible: false, value: null })
  const open = useCallback((value: T) => setState({ visible: true, value }), [])
  const close = useCallback(() => setState((s) => ({ ...s, visible: false })), [])
  return { visible: state.visible, value: state.value, open, close }
}
