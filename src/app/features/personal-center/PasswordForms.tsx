import { Form, Input } from 'antd-mobile'
import {
  UpdatePasswordFields,
  UpdateSecondaryPasswordFields,
  type UpdatePasswordRequest,
  type UpdateSecondaryPasswordRequest,
} from '../../../shared/contract/personal-center'
import { validateNewPasswordMatch } from '../../../shared/domain/validators'
import { organizationText, successMessages, uiText } from '../../../shared/messages'
import { FormPopup } from '../../components/FormPopup'
import { OnlineButton } from '../../components/OnlineButton'
import { validatorRule, zodRule } from '../../components/form-rules'
import { notify } from '../../notify'
import { usePersonalCenterMutations } from './queries'

const t = organizationText.center

/** Change the login password: the old one is checked; every other session of the account ends. */
export function PasswordForm({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const [form] = Form.useForm<UpdatePasswordRequest>()
  const { updatePassword } = usePersonalCenterMutations()
  const onFinish = async (v: UpdatePasswordRequest) => {
    try {
      await updatePassword.mutateAsync(v)
    } catch {
      return
    }
    notify.success(successMessages.changePassword)
    form.resetFields()
    onClose()
  }
  return (
    <FormPopup visible={visible} title={t.changePassword} onClose={onClose}>
      <Form
        form={form}
        layout="horizontal"
        onFinish={onFinish}
        footer={
          <OnlineButton block type="submit" color="primary" size="large" loading={updatePassword.isPending}>
            {uiText.confirm}
          </OnlineButton>
        }
      >
        <Form.Item name="oldPassword" label={t.oldPassword} validateTrigger="onBlur" rules={[zodRule(UpdatePasswordFields, 'oldPassword')]}>
          <Input type="password" autoComplete="current-password" placeholder={uiText.required(t.oldPassword)} clearable />
        </Form.Item>
        <Form.Item name="newPassword" label={t.newPassword} validateTrigger="onBlur" rules={[zodRule(UpdatePasswordFields, 'newPassword')]}>
          <Input type="password" autoComplete="new-password" placeholder={uiText.required(t.newPassword)} clearable />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={uiText.confirmPassword}
          validateTrigger="onBlur"
          dependencies={['newPassword']}
          rules={[
            zodRule(UpdatePasswordFields, 'confirmPassword'),
            validatorRule((value) => validateNewPasswordMatch(form.getFieldValue('newPassword'), String(value))),
          ]}
        >
          <Input type="password" autoComplete="new-password" placeholder={uiText.required(uiText.confirmPassword)} clearable />
        </Form.Item>
        <p className="form-hint">{t.otherSessionsEnd}</p>
      </Form>
    </FormPopup>
  )
}

/** Set or change the secondary password; the login password confirms it is the account's owner. */
export function SecondaryPasswordForm({ visible, isSet, onClose }: { visible: boolean; isSet: boolean; onClose: () => void }) {
  const [form] = Form.useForm<UpdateSecondaryPasswordRequest>()
  const { updateSecondaryPassword } = usePersonalCenterMutations()
  const onFinish = async (v: UpdateSecondaryPasswordRequest) => {
    try {
      await updateSecondaryPassword.mutateAsync(v)
    } catch {
      return
    }
    notify.success(successMessages.changePassword)
    form.resetFields()
    onClose()
  }
  return (
    <FormPopup visible={visible} title={isSet ? t.changeSecondary : t.setSecondary} onClose={onClose}>
      <Form
        form={form}
        layout="horizontal"
        onFinish={onFinish}
        footer={
          <OnlineButton block type="submit" color="primary" size="large" loading={updateSecondaryPassword.isPending}>
            {uiText.confirm}
          </OnlineButton>
        }
      >
        <Form.Item name="password" label={t.loginPassword} validateTrigger="onBlur" rules={[zodRule(UpdateSecondaryPasswordFields, 'password')]}>
          <Input type="password" autoComplete="current-password" placeholder={uiText.required(t.loginPassword)} clearable />
        </Form.Item>
        <Form.Item name="secondaryPassword" label={t.secondaryPassword} validateTrigger="onBlur" rules={[zodRule(UpdateSecondaryPasswordFields, 'secondaryPassword')]}>
          <Input type="password" autoComplete="off" placeholder={uiText.required(t.secondaryPassword)} clearable />
        </Form.Item>
        <Form.Item
          name="confirmSecondaryPassword"
          label={t.confirmSecondary}
          validateTrigger="onBlur"
          dependencies={['secondaryPassword']}
          rules={[
            zodRule(UpdateSecondaryPasswordFields, 'confirmSecondaryPassword'),
            validatorRule((value) => validateNewPasswordMatch(form.getFieldValue('secondaryPassword'), String(value))),
          ]}
        >
          <Input type="password" autoComplete="off" placeholder={uiText.required(t.confirmSecondary)} clearable />
        </Form.Item>
        <p className="form-hint">{t.secondaryHint}</p>
      </Form>
    </FormPopup>
  )
}
