import { Form, Input, Selector, SpinLoading } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { RoleFields, type RoleRecord, type RoleType } from '../../../shared/contract/role'
import { validateRoleAuthorities } from '../../../shared/domain/validators'
import { organizationText, successMessages, uiText } from '../../../shared/messages'
import { FormPopup } from '../../components/FormPopup'
import { OnlineButton } from '../../components/OnlineButton'
import { zodRule } from '../../components/form-rules'
import { useAuthorities } from '../../components/use-authorities'
import { notify } from '../../notify'
import { AuthorityTreePicker } from './AuthorityTreePicker'
import { authorityTreeQuery, roleDetailQuery, useRoleMutations } from './queries'

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
      {tree.data ? <AuthorityTreePicker tree={tree.data} /> : <SpinLoading aria-label={uiText.loading} />}
    </Form.Item>
  )
}

function RoleFormBody({ editing, initial, onClose }: { editing: RoleRecord | null; initial: RoleFormValues; onClose: () => void }) {
  const [form] = Form.useForm<RoleFormValues>()
  const { isBoss } = useAuthorities()
  const { add, update } = useRoleMutations()
  const roleType = (Form.useWatch('roleType', form) as RoleType[] | undefined)?.[0] ?? initial.roleType[0]

  const onFinish = async (v: RoleFormValues) => {
    const authorityIdList = v.authorityIdList ?? []
    try {
      if (editing) await update.mutateAsync({ id: editing.id, name: v.name, authorityIdList })
      else await add.mutateAsync({ name: v.name, roleType: v.roleType[0], authorityIdList })
    } catch {
      return
    }
    notify.success(editing ? successMessages.edit : successMessages.save)
    form.resetFields()
    onClose()
  }

  const typeOptions = [
    { label: t.types.STAFF, value: 'STAFF' },
    ...(isBoss ? [{ label: t.types.COMPANY, value: 'COMPANY' }] : []),
  ]

  return (
    <Form
      form={form}
      layout="horizontal"
      initialValues={initial}
      onFinish={onFinish}
      footer={
        <OnlineButton block type="submit" color="primary" size="large" loading={add.isPending || update.isPending}>
          {uiText.confirm}
        </OnlineButton>
      }
    >
      <Form.Item name="name" label={t.name} validateTrigger="onBlur" rules={[zodRule(RoleFields, 'name')]}>
        <Input placeholder={uiText.required(t.name)} clearable />
      </Form.Item>
      {editing ? (
        <Form.Item label={t.type}>
          <span>{t.types[editing.roleType]}</span>
        </Form.Item>
      ) : (
        <Form.Item name="roleType" label={t.type} layout="vertical">
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
    </Form>
  )
}

interface RoleFormProps {
  visible: boolean
  editing: RoleRecord | null
  onClose: () => void
}

/** Add or edit a role; editing loads the role's detail first (GET /role/detail). */
export function RoleForm({ visible, editing, onClose }: RoleFormProps) {
  const detail = useQuery({ ...roleDetailQuery(editing?.id ?? 0), enabled: visible && editing !== null })
  const title = editing ? t.editTitle : t.addTitle
  let body
  if (!editing) {
    body = <RoleFormBody editing={null} initial={{ name: '', roleType: ['STAFF'], authorityIdList: [] }} onClose={onClose} />
  } else if (detail.data) {
    body = (
      <RoleFormBody
        editing={editing}
        initial={{ name: detail.data.name, roleType: [detail.data.roleType], authorityIdList: detail.data.authorityIdList }}
        onClose={onClose}
      />
    )
  } else {
    body = (
      <div className="center-box">
        <SpinLoading aria-label={uiText.loading} />
      </div>
    )
  }
  return (
    <FormPopup visible={visible} title={title} onClose={onClose}>
      {body}
    </FormPopup>
  )
}
