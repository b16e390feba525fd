import { uiText } from '../../shared/messages/common'
import { useTheme } from './theme'

/**
 * The dark-mode switch, on the login screen and in the menu. A native button wearing antd-mobile's Switch classes
 * (its stylesheet is in style.css): the component's code would be loaded by /login for one toggle.
 */
export function ThemeToggle() {
  const [mode, toggle] = useTheme()
  const checked = mode === 'dark'
  return (
    <label className="theme-toggle">
      <span>{uiText.darkMode}</span>
      <button type="button" role="switch" aria-checked={checked} aria-label={uiText.darkMode} className={`adm-switch theme-switch${checked ? ' adm-switch-checked' : ''}`} onClick={toggle}>
        <span className="adm-switch-checkbox">
          <span className="adm-switch-handle" />
          <span className="adm-switch-inner" />
        </span>
      </button>
    </label>
  )
}
