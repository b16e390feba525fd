import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { TextArea } from 'antd-mobile'
import { chinaDayKey } from '../../../../shared/domain/dashboard-buckets'
import { lockMessageText as t } from '../../../../shared/messages/ios-detail-a'
import { call } from '../../../api/http'
import { api } from '../../../api/routes'
import { OnlineButton } from '../../../components/OnlineButton'
import type { IosTabProps } from './tab-props'
import { tabKey, useSentToDevice } from './use-sent-to-device'

const messageQuery = (deviceId: number) => ({
  queryKey: tabKey(deviceId, 'lock-screen-message'),
  queryFn: () => call(api.iosDetail.lockScreenMessage, { deviceId }),
})

/** Today as YYYY-MM-DD on the China calendar, the day the server checks 过期日期 against (a phone abroad agrees with it). */
const today = () => chinaDayKey(new Date())

/** 消息推送: a lock-screen message until a date (SPEC §3: payload, deviceId, expiredDate), and clearing it. */
export function MessageTab({ device }: IosTabProps) {
  const current = useQuery(messageQuery(device.id))
  const [message, setMessage] = useState('')
  const [expiredDate, setExpiredDate] = useState(today)
  const send = useSentToDevice(api.iosDetail.sendLockScreenMessage, device.id, t.send)
  const clear = useSentToDevice(api.iosDetail.clearLockScreenMessage, device.id, t.clear)
  const shown = current.data && current.data.status !== 'EXPIRED' && current.data.status !== 'CLEARED' ? current.data : null
  const dated = /^\d{4}-\d{2}-\d{2}$/.test(expiredDate)
  // A date typed into the field passes its min: said at the field, not first by the server after 发送消息.
  const past = dated && expiredDate < today()
  const ready = message.trim().length > 0 && dated && !past
  return (
    <section className="device-section" aria-label={t.title}>
      <h2>{t.title}</h2>
      <p className="form-hint" data-testid="lock-message-current">
        {shown ? `${t.current(shown.message, shown.expiredDate)} · ${t.status[shown.status as keyof typeof t.status] ?? ''}` : t.none}
      </p>
      {device.supervised === false ? <p className="form-hint">{t.supervisedHint}</p> : null}
      <label className="tab-field">
        <span>{t.message}</span>
        <TextArea value={message} onChange={setMessage} placeholder={t.placeholder} maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 5 }} aria-label={t.message} />
      </label>
      <label className="tab-field">
        <span>{t.expiredDate}</span>
        <input type="date" className="tab-date" value={expiredDate} min={today()} onChange={(e) => setExpiredDate(e.target.value)} aria-label={t.expiredDate} aria-invalid={past} />
      </label>
      {past ? (
        <p className="form-error" role="alert">
          {t.pastDate}
        </p>
      ) : null}
      <div className="tab-buttons">
        <OnlineButton
          color="primary"
          loading={send.isPending}
          disabled={!ready}
          onClick={() => send.mutate({ deviceId: device.id, message: message.trim(), expiredDate }, { onSuccess: () => setMessage('') })}
        >
          {t.send}
        </OnlineButton>
        <OnlineButton loading={clear.isPending} disabled={!shown} onClick={() => clear.mutate({ deviceId: device.id })}>
          {t.clear}
        </OnlineButton>
      </div>
    </section>
  )
}
