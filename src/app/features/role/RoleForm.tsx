import { Form, Selector } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { RoleFields, type RoleRecord, type RoleType } from '../../../shared/contract/role'
import { validateRoleAuthorities } from '../../../shared/domain/validators'
import { successMessages } from '../../../shared/messages/common'
import { organizationText } from '../../../shared/messages/organization'
import { FormPopup } from '../../components/FormPopup'
import { Loading, Spinner } from '../../components/Loading'
import { SubmitForm, TextField } from '../../components/PopupForm'
import { useAuthorities } from '../../components/use-authorities'
import { AuthorityTreePicker } from './AuthorityTreePicker'
import { authorityTreeQuery, roleDetailQuery, useRoleMutations } from './queries'
import { keepChoice } from '../../components/single-choice'

const t = organizationText.role

interface RoleFormValues {
  name: string
  roleType: RoleType[]
  authorityIdList: string[]
}

/** SPEC §5: at least one authority ("请选择权限"), also when nothing was ever ticked. */
const authorityRule = {
  validator: async (_rule: unknown, value: unknown) => {
    const message = validateRoleAuthorities(Array.isArray(value) ? value : [])
    if (message) throw new Error(message)
  },
}


function AuthorityField({ roleType }: { roleType: RoleType }) {
  const tree = useQuery(authorityTreeQuery(roleType))
  return (
    <Form.Item name="authorityIdList" label={t.authorities} layout="vertical" rules={[authorityRule]} validateTrigger="onChange">
      {tree.data ? <AuthorityTreePicker tree={tree.data} /> : <Spinner />}
    </Form.Item>
  )
}

function RoleFormBody({ visible, editing, initial, onClose }: { visible: boolean; editing: RoleRecord | null; initial: RoleFormValues; onClose: () => void }) {
  const [form] = Form.useForm<RoleFormValues>()
  const { isBoss } = useAuthorities()
  const { add, update } = useRoleMutations()
  const roleType = (Form.useWatch('roleType', form) as RoleType[] | undefined)?.[0] ?? initial.roleType[0]

  const submit = (v: RoleFormValues) => {
    const authorityIdList = v.authorityIdList ?? []
    return editing ? update.mutateAsync({ id: editing.id, name: v.name, authorityIdList }) : add.mutateAsync({ name: v.name, roleType: v.roleType[0], authorityIdList })
  }

  const typeOptions = [
    { label: t.types.STAFF, value: 'STAFF' },
    ...(isBoss ? [{ label: t.types.COMPANY, value: 'COMPANY' }] : []),
  ]

  return (
    <SubmitForm<RoleFormValues>
      visible={visible}
      form={form}
      initialValues={initial}
      submit={submit}
      success={editing ? successMessages.edit : successMessages.save}
      pending={add.isPending || update.isPending}
      onClose={onClose}
    >
      <TextField name="name" label={t.name} schema={RoleFields} />
      {editing ? (
        <Form.Item label={t.type}>
          <span>{t.types[editing.roleType]}</span>
        </Form.Item>
      ) : (
        <Form.Item name="roleType" label={t.type} layout="vertical" normalize={keepChoice}>
          <Selector
            options={typeOptions}
            aria-label={t.type}
            onChange={(v) => {
              // A different type chooses from a different tree: start that choice afresh.
              if (v.length) form.setFieldValue('authorityIdList', [])
            }}
          />
        </Form.Item>
      )}
      <AuthorityField key={roleType} roleType={roleType} />
    </SubmitForm>
  )
}

interface RoleFormProps {
  visible: boolean
  editing: RoleRecord | null
  onClose: () => void
}

/** Add or edit a role; editing loads the role's detail first (GET /role/detail), the sheet showing meanwhile. */
export function RoleForm({ visible, editing, onClose }: RoleFormProps) {
  const detail = useQuery({ ...roleDetailQuery(editing?.id ?? 0), enabled: visible && editing !== null })
  const title = editing ? t.editTitle : t.addTitle
  let body
  if (!editing) {
    body = <RoleFormBody visible={visible} editing={null} initial={{ name: '', roleType: ['STAFF'], authorityIdList: [] }} onClose={onClose} />
  } else if (detail.data) {
    body = (
      <RoleFormBody
        visible={visible}
        editing={editing}
        initial={{ name: detail.data.name, roleType: [detail.data.roleType], authorityIdList: detail.data.authorityIdList }}
        onClose={onClose}
      />
    )
  } else {
    body = <Loading label={false} />
  }
  return (
    <FormPopup visible={visible} title={title} onClose={onClose}>
      {body}
    </FormPopup>
  )
}
