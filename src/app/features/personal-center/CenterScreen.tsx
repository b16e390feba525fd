import { List } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { uiText } from '../../../shared/messages/common'
import { organizationText } from '../../../shared/messages/organization'
import { routeTitles } from '../../../shared/messages/routes'
import { Loading } from '../../components/Loading'
import { PageTitle } from '../../components/PageTitle'
import { RecordCard } from '../../components/RecordCard'
import { DialogSlot, lazyDialog } from '../../components/lazy-dialog'
import { useAuthorities } from '../../components/use-authorities'
import { useDisclosure } from '../../components/use-disclosure'
import { securityQuery } from './queries'

const t = organizationText.center
const PasswordForm = lazyDialog(() => import('./PasswordForms').then((m) => m.PasswordForm))
const SecondaryPasswordForm = lazyDialog(() => import('./PasswordForms').then((m) => m.SecondaryPasswordForm))
const PhoneForm = lazyDialog(() => import('./PhoneForm').then((m) => m.PhoneForm))

/** /center: the signed-in user's account — password, secondary password, phone number (SPEC §2). */
export function CenterScreen() {
  const security = useQuery(securityQuery())
  const { info } = useAuthorities()
  const password = useDisclosure()
  const secondary = useDisclosure()
  const phone = useDisclosure()
  const s = security.data
  const isSet = s?.secondaryPasswordSet ?? false

  return (
    <section>
      <PageTitle title={routeTitles['/center']} />
      {s ? (
        <RecordCard
          title={s.name || s.username}
          fields={[
            { label: uiText.username, value: s.username },
            { label: uiText.phoneNumber, value: s.phoneNumber || '—' },
            ...(info?.companyName ? [{ label: uiText.companyName, value: info.companyName }] : []),
            { label: t.secondaryPassword, value: isSet ? t.secondarySet : t.secondaryNotSet },
          ]}
        />
      ) : (
        <Loading label={false} />
      )}
      <List mode="card" header={t.security} style={{ margin: '12px 0' }}>
        <List.Item onClick={() => password.open(true)} description={t.changePasswordHint}>
          <span>{t.changePassword}</span>
        </List.Item>
        <List.Item onClick={() => secondary.open(true)} description={t.secondaryHint}>
          <span>{isSet ? t.changeSecondary : t.setSecondary}</span>
        </List.Item>
        <List.Item onClick={() => phone.open(true)} description={s?.phoneNumber ? t.currentPhone(s.phoneNumber) : undefined}>
          <span>{t.changePhone}</span>
        </List.Item>
      </List>
      <DialogSlot of={password}>
        <PasswordForm visible={password.visible} onClose={password.close} />
      </DialogSlot>
      <DialogSlot of={secondary}>
        <SecondaryPasswordForm visible={secondary.visible} isSet={isSet} onClose={secondary.close} />
      </DialogSlot>
      <DialogSlot of={phone}>
        <PhoneForm visible={phone.visible} onClose={phone.close} />
      </DialogSlot>
    </section>
  )
}
