import { createRoot } from 'react-dom/client'
import { ActionSheet, Dialog, unstableSetRender } from 'antd-mobile'

/*
 * antd-mobile's imperative pop-ups (Dialog.confirm, ActionSheet.show …) with the render hook they need on React 19
 * (TOOLCHAIN.md). They carry react-spring and @use-gesture (~24 KB gzip), so screens fetch this module on the first
 * tap that opens one (`popups()` in lazy-popups.ts), never with their first paint. Only pop-ups go through it: the
 * hook is installed before any of them renders.
 */
unstableSetRender((node, container) => {
  const el = container as Element & { _root?: ReturnType<typeof createRoot> }
  el._root ??= createRoot(el)
  el._root.render(node)
  return async () => {
    await new Promise((r) => setTimeout(r, 0))
    el._root?.unmount()
  }
})

export { ActionSheet, Dialog }
