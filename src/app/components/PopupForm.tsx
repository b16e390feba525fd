import { useLayoutEffect, useRef, type CSSProperties, type ReactNode } from 'react'
import { Form, Input, Switch, type FormItemProps, type InputProps } from 'antd-mobile'
import type { z } from 'zod'
import { uiText } from '../../shared/messages/common'
import { disableText } from '../../shared/messages/organization'
import { notify } from '../notify'
import { confirmAction } from './dialogs'
import { FormPopup } from './FormPopup'
import { OnlineButton } from './OnlineButton'
import { emptyRefused, showFieldError, zodRule } from './form-rules'

type FormInstance<Values> = ReturnType<typeof Form.useForm<Values>>[0]

interface SubmitFormProps<Values> {
  /** Whether the dialog holding the form is open. */
  visible: boolean
  /** The caller's instance when a rule reads another field; otherwise the form makes its own. */
  form?: FormInstance<Values>
  initialValues?: Partial<Values>
  layout?: 'horizontal' | 'vertical'
  /**
   * Sends the values; a rejection (the server's message is already shown) keeps the form open with what was typed, and
   * so does NOT_SENT (the user stopped it at a question of the caller's: nothing was sent, nothing is said).
   */
  submit: (values: Values) => Promise<unknown>
  /** The message of SPEC §8 shown after a successful save. */
  success: string
  pending: boolean
  submitText?: string
  /** Called after a successful save (the sheet closes). */
  onClose: () => void
  children: ReactNode
}

/** What a form's submit answers when the user stopped it before anything was sent: the form stays open as it is. */
export const NOT_SENT = Symbol('not sent')

/**
 * The form of a dialog: horizontal fields and one submit button that is refused offline; after a save the spec's
 * success message and a closed dialog, which opens afresh next time (SPEC §4). Only lazily loaded dialogs import it:
 * antd-mobile's Form is not part of any list screen's first paint.
 */
export function SubmitForm<Values>({
  visible,
  form: given,
  initialValues,
  layout = 'horizontal',
  submit,
  success,
  pending,
  submitText = uiText.confirm,
  onClose,
  children,
}: SubmitFormProps<Values>) {
  const [own] = Form.useForm<Values>()
  const form = given ?? own
  const saved = useRef(false)
  // The reset waits for the next open, so that an edited record's form starts from the record as it is then,
  // not as it was when the dialog first opened (the form keeps its own values while it stays mounted).
  useLayoutEffect(() => {
    if (!visible || !saved.current) return
    saved.current = false
    form.resetFields()
  }, [visible, form])
  const onFinish = async (values: Values) => {
    try {
      if ((await submit(values)) === NOT_SENT) return
    } catch (error) {
      showFieldError(form, error)
      return // the server's message is shown; the form keeps what was typed
    }
    notify.success(success)
    saved.current = true
    onClose()
  }
  return (
    <Form
      form={form}
      layout={layout}
      // Labels of up to seven characters (租用人身份证号) on one line; antd-mobile's column fits six.
      style={layout === 'horizontal' ? ({ '--prefix-width': '7.5em' } as CSSProperties) : undefined}
      onFinish={onFinish}
      initialValues={initialValues}
      footer={
        <OnlineButton block type="submit" color="primary" size="large" loading={pending}>
          {submitText}
        </OnlineButton>
      }
    >
      {children}
    </Form>
  )
}

interface PopupFormProps<Values> extends SubmitFormProps<Values> {
  title: string
  /** Above the fields (e.g. the current quota). */
  header?: ReactNode
}

/** An add/edit dialog of the console: a SubmitForm in a sheet (FormPopup). */
export function PopupForm<Values>({ title, header, ...rest }: PopupFormProps<Values>) {
  return (
    <FormPopup visible={rest.visible} title={title} onClose={rest.onClose}>
      {header}
      <SubmitForm {...rest} />
    </FormPopup>
  )
}

type TextFieldProps<Shape extends z.ZodRawShape> = {
  name: keyof Shape & string
  label: string
  /** The request's schema: the field is checked by the contract's own rule for it (zodRule). */
  schema?: z.ZodObject<Shape>
  /** Rules after the contract's (e.g. a confirmation that must match). */
  rules?: FormItemProps['rules']
  /** Default: 请输入{label}. */
  placeholder?: string
} & Pick<FormItemProps, 'dependencies' | 'help' | 'extra' | 'normalize' | 'description'> &
  Pick<InputProps, 'type' | 'inputMode' | 'autoComplete' | 'autoCapitalize' | 'maxLength' | 'pattern' | 'clearable'>

/** One text input of a form, checked when it loses focus. */
export function TextField<Shape extends z.ZodRawShape>({
  name,
  label,
  schema,
  rules = [],
  placeholder = uiText.required(label),
  dependencies,
  help,
  extra,
  normalize,
  description,
  ...input
}: TextFieldProps<Shape>) {
  return (
    <Form.Item
      name={name}
      label={label}
      // Marked required when the contract's rule refuses it empty (as zodRule checks it); otherwise antd-mobile reads
      // the mark from the caller's rules. Only forms with hand-written rules had the mark.
      required={schema && emptyRefused(schema, name) ? true : undefined}
      validateTrigger="onBlur"
      rules={[...(schema ? [zodRule(schema, name, label)] : []), ...rules]}
      dependencies={dependencies}
      help={help}
      extra={extra}
      normalize={normalize}
      description={description}
    >
      <Input placeholder={placeholder} clearable {...input} />
    </Form.Item>
  )
}

type ConfirmFieldProps<Shape extends z.ZodRawShape> = Omit<TextFieldProps<Shape>, 'dependencies' | 'rules'> & {
  /** The field typed first. */
  of: keyof Shape & string
  /** Why the two typings differ, or undefined when they agree. */
  mismatch: (first: string, second: string) => string | undefined
}

/**
 * The second typing of a field (SPEC §5: a password, a serial number), checked again whenever the first changes.
 * Left empty, it is refused by its own schema when that refuses it (one message, not two), otherwise as different.
 */
export function ConfirmField<Shape extends z.ZodRawShape>({ of, mismatch, ...field }: ConfirmFieldProps<Shape>) {
  const emptyIsRefused = field.schema !== undefined && emptyRefused(field.schema, field.name)
  const sameAsFirst = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const second = String(value ?? '')
      if (second === '' && emptyIsRefused) return
      const message = mismatch(String(getFieldValue(of) ?? ''), second)
      if (message) throw new Error(message)
    },
  })
  return <TextField {...field} dependencies={[of]} rules={[sameAsFirst]} />
}

/** A switch that, when `confirmOff` is given, asks before it turns off (e.g. disabling an account signs it out). */
function ConfirmSwitch({ checked, onChange, label, confirmOff }: { checked?: boolean; onChange?: (checked: boolean) => void; label: string; confirmOff?: string }) {
  return (
    <Switch
      checked={checked}
      aria-label={label}
      onChange={async (next) => {
        if (!next && confirmOff && !(await confirmAction(confirmOff, disableText.confirm))) return
        onChange?.(next)
      }}
    />
  )
}

/** An on/off field of a form. */
export function SwitchField({ name, label, confirmOff }: { name: string; label: string; confirmOff?: string }) {
  return (
    <Form.Item name={name} label={label} valuePropName="checked">
      <ConfirmSwitch label={label} confirmOff={confirmOff} />
    </Form.Item>
  )
}
