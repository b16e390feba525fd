import type { ComponentType } from 'react'
import * as menuIcons from './menu-icon-set'

/** Read by name, as the server menu names them; an unknown name draws the fallback. */
const icons: Readonly<Record<string, ComponentType>> = menuIcons

/** Whether MenuIcon draws this icon itself, not the fallback. */
export const hasMenuIcon = (name: string) => Object.hasOwn(icons, name)

export function MenuIcon({ name }: { name: string }) {
  const Icon = icons[name] ?? menuIcons.FileOutline
  return <Icon />
}
