import type { ReactNode } from 'react'
import { ThemeToggle } from '../../layout/ThemeToggle'
import { IcpFooter } from '../../layout/IcpFooter'

/** The frame of the public screens (login, register): no shell, centred card, ICP footer. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <div className="auth-theme">
        <ThemeToggle />
      </div>
      <main className="auth-card">
        <img src="/favicon.svg" alt="" width={56} height={56} className="auth-logo" />
        <h1 className="auth-title">{title}</h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
        {children}
      </main>
      <IcpFooter />
    </div>
  )
}
