import type { ReactNode } from 'react'
import { ThemeToggle } from '../../layout/ThemeToggle'
import { IcpFooter } from '../../layout/IcpFooter'

/** The logo drawn inline (src/app/layout/app-logo.ts): a constant of the build, not user input. */
const logo = { __html: __APP_LOGO__ }

/** The frame of the public screens (login, register): no shell, centred card, ICP footer. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="auth-theme">
        <ThemeToggle />
      </div>
      <main className="auth-card">
        <div className="auth-logo" dangerouslySetInnerHTML={logo} />
        <h1 className="auth-title">{title}</h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
        {children}
      </main>
      <IcpFooter />
    </div>
  )
}
