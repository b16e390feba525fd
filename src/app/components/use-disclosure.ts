import { useCallback, useState } from 'react'

/**
 * Open state of one dialog and the value it was opened for (STYLE §10: the dialog owns it, not the page).
 * `mounted` turns true on the first open and stays true: a lazily loaded dialog is mounted then and kept
 * (DialogSlot), so closing it, by accident or after a failed save, keeps what was typed.
 */
export function useDisclosure<T = true>() {
  const [state, setState] = useState<{ visible: boolean; mounted: boolean; value: T | null }>({ visible: false, mounted: false, value: null })
  const open = useCallback((value: T) => setState({ visible: true, mounted: true, value }), [])
  const close = useCallback(() => setState((s) => ({ ...s, visible: false })), [])
  return { visible: state.visible, mounted: state.mounted, value: state.value, open, close }
}

export type Disclosure = Pick<ReturnType<typeof useDisclosure>, 'visible' | 'mounted' | 'close'>
