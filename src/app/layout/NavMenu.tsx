import { List } from 'antd-mobile'
import { Link } from '@tanstack/react-router'
import type { MenuItemResponse } from '../../shared/contract/account'
import { uiText } from '../../shared/messages/common'
import { routeTitles, type RoutePath } from '../../shared/messages/routes'
import { routeOf } from '../../shared/domain/routes'
import { MenuIcon } from './menu-icons'

/** SPEC §2: the front end adds home first, and personal centre (type 2) and blacklist (type 0) last. */
export function withFixedEntries(menu: MenuItemResponse[]): MenuItemResponse[] {
  const entry = (component: string, title: string, icon: string, type: 0 | 2): MenuItemResponse => ({ title, component, icon, type, children: [] })
  // Home and blacklist are listed once their screens exist (src/shared/domain/routes.ts), like every menu entry.
  const built = (path: RoutePath) => routeOf[path].built
  return [
    ...(built('/dashboard') ? [entry('/dashboard', routeTitles['/dashboard'], routeOf['/dashboard'].icon, 0)] : []),
    ...menu,
    entry('/center', uiText.center, routeOf['/center'].icon, 2),
    ...(built('/blacklist') ? [entry('/blacklist', uiText.blacklist, routeOf['/blacklist'].icon, 0)] : []),
  ]
}

function NavLink({ item, onNavigate }: { item: MenuItemResponse; onNavigate?: () => void }) {
  return (
    <Link to={item.component} className="nav-link" activeProps={{ className: 'nav-link active', 'aria-current': 'page' }} onClick={onNavigate}>
      <MenuIcon name={item.icon} />
      <span>{item.title}</span>
    </Link>
  )
}

interface NavSection {
  title?: string
  items: MenuItemResponse[]
}

const visible = (i: MenuItemResponse) => i.type === 0 || i.type === 2

/** Groups (type -1) become titled sections; consecutive top-level pages share one untitled section. */
export function navSections(menu: MenuItemResponse[]): NavSection[] {
  const sections: NavSection[] = []
  for (const item of withFixedEntries(menu)) {
    if (item.type === -1) {
      const items = item.children.filter(visible)
      if (items.length) sections.push({ title: item.title, items })
    } else if (visible(item)) {
      const last = sections.at(-1)
      if (last && last.title === undefined) last.items.push(item)
      else sections.push({ items: [item] })
    }
  }
  return sections
}

/** The navigation built from the server menu; hidden pages (type 1) are reached from other screens. */
export function NavMenu({ menu, onNavigate }: { menu: MenuItemResponse[]; onNavigate?: () => void }) {
  return (
    <nav aria-label={uiText.menu} className="nav-menu">
      {navSections(menu).map((section, i) => (
        <List key={section.title ?? `section-${i}`} header={section.title} mode="card">
          {section.items.map((item) => (
            <List.Item key={item.component}>
              <NavLink item={item} onNavigate={onNavigate} />
            </List.Item>
          ))}
        </List>
      ))}
    </nav>
  )
}
