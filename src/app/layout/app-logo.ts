/**
 * The app's logo (public/favicon.svg, its one source) drawn inline at 56 px, hidden from assistive technology (the
 * name beside it says it all). Inline, not an <img>: an SVG image is a document of its own, whose set-up cost the
 * splash and the sign-in screen 25-45 ms of main thread at Lighthouse's 4x CPU (issue #16, traced).
 */
export function appLogo(svg: string): string {
  const attributes = 'width="56" height="56" aria-hidden="true" focusable="false"'
  if (!/^\s*<svg\b/.test(svg)) throw new Error('app-logo: the logo file must start with <svg')
  return svg.trim().replace(/^<svg\b/, `<svg ${attributes}`)
}
