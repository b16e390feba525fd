import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { iosTabText as t } from '../../../../shared/messages/ios-device'
import type { IosTabProps } from './tab-props'

export interface IosTab {
  key: string
  title: string
  /** Fetched when the tab is first opened: its code and its own query (issue #14: maps load only with the map). */
  component: LazyExoticComponent<ComponentType<IosTabProps>>
}

const tab = (key: string, title: string, load: () => Promise<ComponentType<IosTabProps>>): IosTab => ({
  key,
  title,
  component: lazy(() => load().then((component) => ({ default: component }))),
})

/** SPEC §2's tabs of the iOS detail, in its order. Each is one component in this folder. */
export const iosTabs: readonly IosTab[] = [
  tab('apps', t.apps, () => import('./AppsTab').then((m) => m.AppsTab)),
  tab('info', t.info, () => import('./InfoTab').then((m) => m.InfoTab)),
  tab('log', t.log, () => import('./LogTab').then((m) => m.LogTab)),
  tab('map', t.map, () => import('./MapTab').then((m) => m.MapTab)),
  tab('message', t.message, () => import('./MessageTab').then((m) => m.MessageTab)),
  tab('restriction', t.restriction, () => import('./RestrictionTab').then((m) => m.RestrictionTab)),
  tab('wallpaper', t.wallpaper, () => import('./WallpaperTab').then((m) => m.WallpaperTab)),
]

/** The tab a detail opens on: the device's information. */
export const DEFAULT_IOS_TAB = 'info'
