import { Button } from 'antd-mobile'
import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { confirmAction } from '../../components/dialogs'
import { FormPopup } from '../../components/FormPopup'
import { OnlineButton } from '../../components/OnlineButton'
import type { DeviceArea } from './area'
import { useDeviceMutations } from './queries'
import { copyText } from '../../components/clipboard'

/**
 * A company's enrollment token for real agents (docs/agent-protocol.md). It is shown once, from the mutation's
 * answer: never put into the query cache, so never persisted.
 */
export function EnrollmentDialog({ area, visible, onClose }: { area: DeviceArea; visible: boolean; onClose: () => void }) {
  const { enrollmentToken } = useDeviceMutations(area)
  const token = enrollmentToken.data?.token
  const close = () => {
    enrollmentToken.reset()
    onClose()
  }
  /**
   * A new token revokes the company's previous one at once. The console cannot tell whether one exists (it is shown
   * only once, maybe to a colleague, and demo agents hold one), so it always asks first.
   */
  const generate = async () => {
    if (!(await confirmAction(t.enrollmentConfirm, token ? t.enrollmentRegenerate : t.enrollmentGenerate))) return
    enrollmentToken.mutate()
  }
  return (
    <FormPopup visible={visible} title={t.enrollmentTitle} onClose={close}>
      <div className="enroll-box">
        <p className="form-hint" style={{ padding: 0, margin: 0 }}>
          {t.enrollmentText}
        </p>
        <div>
          <div>{t.enrollmentServer}</div>
          <div className="enroll-value secret-value">{window.location.origin}</div>
        </div>
        {token ? (
          <div>
            <div>{t.enrollmentToken}</div>
            <div className="enroll-value secret-value" data-testid="enrollment-token">
              {token}
            </div>
            <Button block className="touch" style={{ marginTop: 8 }} onClick={() => void copyText(token)}>
              {t.copy}
            </Button>
          </div>
        ) : null}
        <OnlineButton block color={token ? 'default' : 'primary'} loading={enrollmentToken.isPending} onClick={() => void generate()}>
          {token ? t.enrollmentRegenerate : t.enrollmentGenerate}
        </OnlineButton>
      </div>
    </FormPopup>
  )
}
