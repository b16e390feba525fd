import { Button } from 'antd-mobile'
import { shellText as t } from '../../shared/messages/shell'
import { popups } from '../components/lazy-popups'
import { install, installContext, useInstallPrompt } from './install-prompt'

async function showIosSteps() {
  const { Dialog } = await popups()
  await Dialog.alert({
    title: t.installIosTitle,
    content: (
      <div className="install-steps">
        <ol>
          {t.installIosSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p>{t.installIosHint}</p>
      </div>
    ),
    confirmText: t.close,
  })
}

/**
 * Installing the console (issue #43 item 8): a button where the browser offers installation (beforeinstallprompt),
 * the 添加到主屏幕 steps on iOS Safari (which offers none), nothing once installed or where it cannot be (WeChat: the
 * shell's hint says to open the system browser).
 */
export function InstallOffer() {
  const offer = useInstallPrompt()
  const where = installContext()
  if (offer) {
    return (
      <Button block color="primary" fill="outline" onClick={() => void install()}>
        {t.install}
      </Button>
    )
  }
  if (where === 'ios-safari') {
    return (
      <Button block color="primary" fill="outline" onClick={() => void showIosSteps()}>
        {t.installIosTitle}
      </Button>
    )
  }
  return null
}

/** In WeChat's built-in browser: the console cannot be installed there (nor the camera trusted), so say where it can. */
export function WechatHint() {
  if (installContext() !== 'wechat') return null
  return (
    <p className="wechat-hint" role="note">
      {t.wechatHint}
    </p>
  )
}
