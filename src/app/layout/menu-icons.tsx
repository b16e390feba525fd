import type { ComponentType } from 'react'
import {
  AppstoreOutline,
  BillOutline,
  ClockCircleOutline,
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
  ClockCircleOutline,
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

export function MenuIcon({ name }: { name: string }) {
  const Icon = icons[name] ?? FileOutline
  return <Icon />
}
