/** antd-mobile's imperative pop-ups, fetched on first use (popups.ts; the service worker has them offline). */
export const popups = () => import('./popups')
