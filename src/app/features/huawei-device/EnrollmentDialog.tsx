import { huaweiDeviceText as t } from '../../../shared/messages/devices'
import { confirmAction } from '../../components/dialogs'
import { EnrollmentPopup, EnrollmentValue, IssuedValue } from '../../components/device/EnrollmentPopup'
import { OnlineButton } from '../../components/OnlineButton'
import type { DeviceArea } from './area'
import { useDeviceMutations } from './queries'

/** A company's enrollment token for real agents (docs/agent-protocol.md), shown once. */
export function EnrollmentDialog({ area, visible, onClose }: { area: DeviceArea; visible: boolean; onClose: () => void }) {
  const { enrollmentToken } = useDeviceMutations(area)
  const token = enrollmentToken.data?.token
  /**
   * A new token revokes the company's previous one at once. The console cannot tell whether one exists (it is shown
   * only once, maybe to a colleague, and demo agents hold one), so it always asks first.
   */
  const generate = async () => {
    if (!(await confirmAction(t.enrollmentConfirm, token ? t.enrollmentRegenerate : t.enrollmentGenerate))) return
    enrollmentToken.mutate()
  }
  return (
    <EnrollmentPopup visible={visible} title={t.enrollmentTitle} text={t.enrollmentText} issuer={enrollmentToken} onClose={onClose}>
      <EnrollmentValue label={t.enrollmentServer} value={window.location.origin} />
      {token ? <IssuedValue label={t.enrollmentToken} value={token} testId="enrollment-token" /> : null}
      <OnlineButton block color={token ? 'default' : 'primary'} loading={enrollmentToken.isPending} onClick={() => void generate()}>
        {token ? t.enrollmentRegenerate : t.enrollmentGenerate}
      </OnlineButton>
    </EnrollmentPopup>
  )
}
