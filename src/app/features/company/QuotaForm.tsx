import { Form, Selector } from 'antd-mobile'
import type { CompanyRecord } from '../../../shared/contract/company'
import { validateInteger } from '../../../shared/domain/validators'
import { successMessages, uiText } from '../../../shared/messages/common'
import { organizationText } from '../../../shared/messages/organization'
import { PopupForm, TextField } from '../../components/PopupForm'
import { validatorRule } from '../../components/form-rules'
import { useCompanyMutations } from './queries'
import { keepChoice } from '../../components/single-choice'

const t = organizationText.company

interface QuotaFormValues {
  type: ('IOS' | 'HUAWEI')[]
  direction: ('in' | 'out')[]
  quantity: string
}

/** A one-of-two choice that must stay made: a second tap on the chosen chip keeps it (see keepChoice). */
const chosen = (message: string) => ({
  validator: async (_rule: unknown, value: unknown) => {
    if (!Array.isArray(value) || value.length !== 1) throw new Error(message)
  },
})

/**
 * Where the quota comes from and goes back to: the change always moves it between the company and its parent
 * (the server's rule), which for a top-level company is the platform (only the administrator manages those).
 */
function directionsFor(company: CompanyRecord, ownCompanyId: number | null) {
  if (company.parentId === null) return t.platformDirections
  return company.parentId === ownCompanyId ? t.directions : t.parentDirections
}

/** SPEC §2 "quota change": move quota from the parent to this company, or take it back; never below zero. */
export function QuotaForm({
  visible,
  company,
  ownCompanyId,
  onClose,
}: {
  visible: boolean
  company: CompanyRecord | null
  /** The signed-in user's company (null for the administrator). */
  ownCompanyId: number | null
  onClose: () => void
}) {
  const { changeQuantity } = useCompanyMutations()
  if (!company) return null
  const huaweiOpened = company.quota.huawei.opened
  const directions = directionsFor(company, ownCompanyId)

  // The server's message (e.g. not enough quota) is shown as it is, by the HTTP client; the form keeps its values.
  const submit = (v: QuotaFormValues) => {
    const amount = Number(v.quantity)
    return changeQuantity.mutateAsync({ targetCompanyId: company.id, quantity: v.direction[0] === 'out' ? -amount : amount, huawei: v.type[0] === 'HUAWEI' })
  }

  return (
    <PopupForm<QuotaFormValues>
      visible={visible}
      title={t.quotaTitle(company.name)}
      onClose={onClose}
      initialValues={{ type: ['IOS'], direction: ['in'], quantity: '' }}
      submit={submit}
      success={successMessages.changeQuantity}
      pending={changeQuantity.isPending}
      header={
        <div className="summary-strip" style={{ padding: '12px 12px 0' }}>
          <div className="summary-item">
            <div className="summary-value">{company.quota.ios.remainingQuantity}</div>
            <div className="summary-label">{t.iosRemaining}</div>
          </div>
          <div className="summary-item">
            <div className="summary-value">{huaweiOpened ? company.quota.huawei.remainingQuantity : '—'}</div>
            <div className="summary-label">{huaweiOpened ? t.huaweiRemaining : t.huaweiNotOpened}</div>
          </div>
        </div>
      }
    >
      <Form.Item name="type" label={t.quotaType} layout="vertical" normalize={keepChoice} rules={[chosen(t.quotaTypeRequired)]}>
        <Selector
          aria-label={t.quotaType}
          options={[
            { label: t.quotaTypes.IOS, value: 'IOS' },
            { label: t.quotaTypes.HUAWEI, value: 'HUAWEI', disabled: !huaweiOpened },
          ]}
        />
      </Form.Item>
      <Form.Item name="direction" label={t.direction} layout="vertical" normalize={keepChoice} rules={[chosen(t.directionRequired)]}>
        <Selector
          aria-label={t.direction}
          options={[
            { label: directions.in, value: 'in' },
            { label: directions.out, value: 'out' },
          ]}
        />
      </Form.Item>
      <TextField
        name="quantity"
        label={t.quantity}
        inputMode="numeric"
        pattern="[0-9]*"
        rules={[{ required: true, message: uiText.required(t.quantity) }, validatorRule((value) => validateInteger(String(value)))]}
      />
    </PopupForm>
  )
}
