import { Form, Input, Selector } from 'antd-mobile'
import type { CompanyRecord } from '../../../shared/contract/company'
import { validateInteger } from '../../../shared/domain/validators'
import { organizationText, successMessages, uiText } from '../../../shared/messages'
import { FormPopup } from '../../components/FormPopup'
import { OnlineButton } from '../../components/OnlineButton'
import { validatorRule } from '../../components/form-rules'
import { notify } from '../../notify'
import { useCompanyMutations } from './queries'

const t = organizationText.company

interface QuotaFormValues {
  type: ('IOS' | 'HUAWEI')[]
  direction: ('in' | 'out')[]
  quantity: string
}

/** SPEC §2 "quota change": move quota from the parent to this company, or take it back; never below zero. */
export function QuotaForm({ visible, company, onClose }: { visible: boolean; company: CompanyRecord | null; onClose: () => void }) {
  const [form] = Form.useForm<QuotaFormValues>()
  const { changeQuantity } = useCompanyMutations()
  if (!company) return null
  const huaweiOpened = company.quota.huawei.opened

  const onFinish = async (v: QuotaFormValues) => {
    const amount = Number(v.quantity)
    try {
      await changeQuantity.mutateAsync({ targetCompanyId: company.id, quantity: v.direction[0] === 'out' ? -amount : amount, huawei: v.type[0] === 'HUAWEI' })
    } catch {
      return
    }
    notify.success(successMessages.changeQuantity)
    form.resetFields()
    onClose()
  }

  return (
    <FormPopup visible={visible} title={t.quotaTitle(company.name)} onClose={onClose}>
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
      <Form
        form={form}
        layout="horizontal"
        onFinish={onFinish}
        initialValues={{ type: ['IOS'], direction: ['in'], quantity: '' }}
        footer={
          <OnlineButton block type="submit" color="primary" size="large" loading={changeQuantity.isPending}>
            {uiText.confirm}
          </OnlineButton>
        }
      >
        <Form.Item name="type" label={t.quotaType} layout="vertical">
          <Selector
            aria-label={t.quotaType}
            options={[
              { label: t.quotaTypes.IOS, value: 'IOS' },
              { label: t.quotaTypes.HUAWEI, value: 'HUAWEI', disabled: !huaweiOpened },
            ]}
          />
        </Form.Item>
        <Form.Item name="direction" label={t.direction} layout="vertical">
          <Selector
            aria-label={t.direction}
            options={[
              { label: t.directions.in, value: 'in' },
              { label: t.directions.out, value: 'out' },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="quantity"
          label={t.quantity}
          validateTrigger="onBlur"
          rules={[{ required: true, message: uiText.required(t.quantity) }, validatorRule((value) => validateInteger(String(value)))]}
        >
          <Input inputMode="numeric" pattern="[0-9]*" placeholder={uiText.required(t.quantity)} clearable />
        </Form.Item>
      </Form>
    </FormPopup>
  )
}
