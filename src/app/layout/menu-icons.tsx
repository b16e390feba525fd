import type { ComponentType } from 'react'
import {
  AppstoreOutline,
  BillOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  ContentOutline,
  DeleteOutline,
  EditSOutline,
  FileOutline,
  HistogramOutline,
  LockOutline,
  PayCircleOutline,
  PhoneFill,
  PhonebookOutline,
  SetOutline,
  SoundOutline,
  StopOutline,
  TeamOutline,
  UnorderedListOutline,
  UserAddOutline,
  UserCircleOutline,
  UserOutline,
  UserSetOutline,
} from 'antd-mobile-icons'

/** The icons the server menu may name (an explicit map keeps the icon library out of the bundle). */
const icons: Record<string, ComponentType> = {
  AppstoreOutline,
  BillOutline,
  CheckShieldOutline,
  ClockCircleOutline,
  ContentOutline,
  DeleteOutline,
  EditSOutline,
  FileOutline,
  HistogramOutline,
  LockOutline,
  PayCircleOutline,
  PhoneFill,
  PhonebookOutline,
  SetOutline,
  SoundOutline,
  StopOutline,
  TeamOutline,
  UnorderedListOutline,
  UserAddOutline,
  UserCircleOutline,
  UserOutline,
  UserSetOutline,
}

/** Whether MenuIcon draws this icon itself, not the fallback. */
export const hasMenuIcon = (name: string) => Object.hasOwn(icons, name)

export function MenuIcon({ name }: { name: string }) {
  const Icon = icons[name] ?? FileOutline
  return <Icon />
}
