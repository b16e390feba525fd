import { Form, Selector, TextArea } from 'antd-mobile'
import { MAX_RENEWAL_YEARS, RenewInitRequest } from '../../../shared/contract/renew'
import { normalizeSerialNumber } from '../../../shared/domain/validators'
import { renewText as t } from '../../../shared/messages/biz'
import { huaweiDeviceText as h } from '../../../shared/messages/devices'
import { call } from '../../api/http'
import { api } from '../../api/routes'
import { PopupForm, TextField } from '../../components/PopupForm'
import { zodRule } from '../../components/form-rules'
import { notify } from '../../notify'
import { useRenewMutations } from './queries'

interface Values {
  serialNumber: string
  years: string[]
  remark: string
}

const yearOptions = Array.from({ length: MAX_RENEWAL_YEARS }, (_, i) => ({ label: t.yearsValue(i + 1), value: String(i + 1) }))

/** The Apple device in use with exactly this serial, among those the user sees; null when there is none. */
async function findDevice(serialNumber: string): Promise<number | null> {
  const page = await call(api.myDevice.search, { serialNumber, recycleStatus: false, current: 1, pageSize: 20 })
  return page.records.find((d) => d.serialNumber === serialNumber)?.id ?? null
}

/** 发起续费: a draft for one device (by its serial) and a number of years; nothing is consumed until it starts. */
export function RenewForm({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const { init } = useRenewMutations()
  const submit = async (v: Values) => {
    const serialNumber = normalizeSerialNumber(v.serialNumber ?? '')
    const deviceId = await findDevice(serialNumber)
    if (deviceId === null) {
      notify.warning(t.noDeviceFound)
      throw new Error(t.noDeviceFound)
    }
    return init.mutateAsync({ deviceId, years: Number(v.years?.[0] ?? 1), remark: v.remark ?? '' })
  }
  return (
    <PopupForm<Values>
      visible={visible}
      title={t.initTitle}
      onClose={onClose}
      initialValues={{ years: ['1'] }}
      submit={submit}
      success={t.initDone}
      pending={init.isPending}
      submitText={t.init}
    >
      <p className="form-hint">{t.initHint}</p>
      <TextField name="serialNumber" label={h.serialNumber} normalize={(value?: string) => value?.toUpperCase()} autoComplete="off" autoCapitalize="characters" placeholder={t.devicePlaceholder} rules={[{ required: true, message: t.serialRequired }]} />
      <Form.Item name="years" label={t.years} layout="vertical" rules={[{ required: true, message: t.years }]}>
        <Selector columns={5} options={yearOptions} aria-label={t.years} />
      </Form.Item>
      <Form.Item name="remark" label={t.remark} rules={[zodRule(RenewInitRequest, 'remark')]}>
        <TextArea placeholder={t.remark} autoSize={{ minRows: 1, maxRows: 3 }} maxLength={200} />
      </Form.Item>
    </PopupForm>
  )
}
