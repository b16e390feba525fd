// Apply the remembered theme before first paint (dark by default, SPEC §1). A file, not an inline script: the
// Content-Security-Policy allows scripts from this origin only. The key is THEME_KEY of src/app/layout/theme.ts.
try {
  if (localStorage.getItem('mdm_theme') === 'light') document.documentElement.setAttribute('data-prefers-color-scheme', 'light')
} catch {
  // No storage (private mode): the default theme stays.
}
