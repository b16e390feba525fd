import { useState } from 'react'
import { Button, Form, Input, Switch, TextArea } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { AnnouncementAddRequest } from '../../../shared/contract/announcement'
import { ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_TITLE_MAX } from '../../../shared/domain/announcement'
import { announcementMessages as m, announcementText as t } from '../../../shared/messages/announcement'
import { routeTitles } from '../../../shared/messages/routes'
import { OnlineButton } from '../../components/OnlineButton'
import { PageTitle } from '../../components/PageTitle'
import { QueryStatus } from '../../components/QueryStatus'
import { StateBlock } from '../../components/StateBlock'
import { zodRule } from '../../components/form-rules'
import { notify } from '../../notify'
import { editedAnnouncement } from './announcement-id'
import { announcementDetailQuery, useAnnouncementMutations } from './queries'
import './announcement.css'

interface Values {
  title: string
  content: string
  top: boolean
}

/** The form of both pages; a refused save keeps what was typed (the server's message is shown). */
function AnnouncementForm({ id, initial }: { id?: number; initial: Values }) {
  const mutations = useAnnouncementMutations()
  const navigate = useNavigate()
  const pending = mutations.add.isPending || mutations.update.isPending
  const onFinish = async (values: Values) => {
    const req = { title: values.title, content: values.content, top: values.top }
    try {
      if (id === undefined) await mutations.add.mutateAsync(req)
      else await mutations.update.mutateAsync({ ...req, id })
    } catch {
      return
    }
    notify.success(id === undefined ? m.added : m.updated)
    void navigate({ to: '/announcement' })
  }
  return (
    <Form
      className="announcement-form"
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      footer={
        <OnlineButton block type="submit" color="primary" size="large" loading={pending}>
          {id === undefined ? t.publish : t.save}
        </OnlineButton>
      }
    >
      <Form.Item name="title" label={t.titleLabel} rules={[zodRule(AnnouncementAddRequest, 'title', t.titleLabel)]}>
        <Input placeholder={t.titlePlaceholder} maxLength={ANNOUNCEMENT_TITLE_MAX} clearable />
      </Form.Item>
      <Form.Item name="content" label={t.contentLabel} rules={[zodRule(AnnouncementAddRequest, 'content', t.contentLabel)]}>
        <TextArea placeholder={t.contentPlaceholder} maxLength={ANNOUNCEMENT_CONTENT_MAX} showCount autoSize={{ minRows: 8, maxRows: 20 }} />
      </Form.Item>
      <Form.Item name="top" label={t.topLabel} valuePropName="checked" description={t.topHint} layout="horizontal" childElementPosition="right">
        <Switch />
      </Form.Item>
    </Form>
  )
}

function EditExisting({ id }: { id: number }) {
  const detail = useQuery(announcementDetailQuery(id))
  if (!detail.data) return <QueryStatus isPending={detail.isPending} isError={detail.isError} isEmpty={false} onRetry={() => void detail.refetch()} />
  const { title, content, top } = detail.data
  return <AnnouncementForm key={`${id}:${detail.dataUpdatedAt}`} id={id} initial={{ title, content, top }} />
}

/**
 * /announcement/create and /announcement/edit (SPEC §2: one page for both; the announcement to edit is the stored
 * `announcement-id`). Platform administrator only (announcement:manage, checked by the router and the server).
 */
export function AnnouncementEditScreen() {
  const navigate = useNavigate()
  const editing = useRouterState({ select: (s) => s.location.pathname }) === '/announcement/edit'
  // Read once when the page opens: a later edit elsewhere must not switch this form under the user.
  const [id] = useState(() => (editing ? editedAnnouncement() : undefined))
  return (
    <section>
      <PageTitle
        title={routeTitles[editing ? '/announcement/edit' : '/announcement/create']}
        extra={
          <Button size="small" className="touch" onClick={() => void navigate({ to: '/announcement' })}>
            {t.back}
          </Button>
        }
      />
      {!editing ? (
        <AnnouncementForm initial={{ title: '', content: '', top: false }} />
      ) : id === undefined ? (
        <StateBlock kind="empty" title={t.noneToEdit} />
      ) : (
        <EditExisting id={id} />
      )}
    </section>
  )
}
