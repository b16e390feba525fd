import { Switch } from 'antd-mobile'
import { uiText } from '../../shared/messages/common'
import { useTheme } from './theme'

export function ThemeToggle() {
  const [mode, toggle] = useTheme()
  return (
    <label className="theme-toggle">
      <span>{uiText.darkMode}</span>
      <Switch checked={mode === 'dark'} onChange={toggle} aria-label={uiText.darkMode} />
    </label>
  )
}
