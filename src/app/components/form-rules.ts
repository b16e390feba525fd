import { z } from 'zod'
import { parseWithMessage } from '../../shared/contract/validation'
import { fieldOfRefusal } from '../../shared/messages/common'
import { fieldOfPasswordRefusal } from '../../shared/messages/passwords'
import { fieldLabels } from '../../shared/messages/fields'
import { RequestError } from '../api/http'

/**
 * `label`: the field's label on the form, used in the sentence instead of the request key's.
 * An antd-mobile Form rule that runs the contract's own schema for one field, so a form rejects exactly
 * what the server rejects, with the same Chinese sentence naming the field.
 */
export function zodRule<T extends z.ZodRawShape>(fields: z.ZodObject<T>, name: keyof T & string, label?: string) {
  // The field's own schema in an object of its own: zod 4 refuses .pick() on an object with refinements (the iOS add
  // and register requests check the serial typed twice), which crashed those forms as they opened.
  const single = z.object({ [name]: fields.shape[name] })
  // The server names a field by its request key's label (name: 名称); a form names it as its own label says (姓名).
  const serverLabel = fieldLabels[name]
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = parseWithMessage(single, { [name]: value ?? '' })
      if (!result.success) throw new Error(label && serverLabel && result.message.startsWith(serverLabel) ? label + result.message.slice(serverLabel.length) : result.message)
    },
  }
}

/** Whether the contract refuses the field left empty, as zodRule checks an untouched field (''): a required field. */
export function emptyRefused<T extends z.ZodRawShape>(fields: z.ZodObject<T>, name: keyof T & string): boolean {
  return !parseWithMessage(z.object({ [name]: fields.shape[name] }), { [name]: '' }).success
}

/** A rule running one of the shared validators of src/shared/domain (e.g. password confirmations, SPEC §5). */
export function validatorRule(validate: (value: unknown) => string | undefined) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const message = value ? validate(value) : undefined
      if (message) throw new Error(message)
    },
  }
}

/**
 * After a refused submit: a refusal about one field the form has (用户名已被使用) is shown at that field too, until
 * the field is checked again. Anything else was said in the message at the top only.
 */
export function showFieldError(form: { getFieldsValue: (all: true) => object; setFields: (fields: { name: string; errors: string[] }[]) => void }, error: unknown) {
  if (!(error instanceof RequestError)) return
  const values = form.getFieldsValue(true)
  const name = [fieldOfRefusal[error.message] ?? fieldOfPasswordRefusal[error.message] ?? []].flat().find((candidate) => candidate in values)
  if (name) form.setFields([{ name, errors: [error.message] }])
}
