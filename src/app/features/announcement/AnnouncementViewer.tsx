import { useEffect } from 'react'
import { Tag } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { formatDate } from '../../../shared/domain/format'
import { announcementText as t } from '../../../shared/messages/announcement'
import { FormPopup } from '../../components/FormPopup'
import { QueryStatus } from '../../components/QueryStatus'
import { announcementDetailQuery, useMarkRead } from './queries'
import './announcement.css'

/** The announcement's text as text: React escapes it, so markup in it is shown, never run (issue #15). */
export function AnnouncementBody({ title, content, top, authorName, createdAt }: { title: string; content: string; top: boolean; authorName: string; createdAt: string }) {
  return (
    <article className="announcement-body">
      <h3 className="announcement-title">
        {top ? (
          <Tag color="danger" fill="outline" className="announcement-top-tag">
            {t.top}
          </Tag>
        ) : null}
        {title}
      </h3>
      <p className="announcement-meta">
        {authorName ? `${t.author}：${authorName} · ` : ''}
        {t.publishedAt}：{formatDate(createdAt, 'yyyy-MM-dd hh:mm')}
      </p>
      <div className="announcement-content">{content}</div>
    </article>
  )
}

/** The viewer (SPEC §2): the whole announcement in a sheet; opening it marks it read for this user (/read). */
export function AnnouncementViewer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const detail = useQuery({ ...announcementDetailQuery(id ?? 0), enabled: id !== undefined })
  const markRead = useMarkRead()
  const data = id !== undefined ? detail.data : undefined
  const unread = data !== undefined && !data.read
  const { mutate } = markRead
  useEffect(() => {
    if (unread && navigator.onLine) mutate(data.id, { onSuccess: () => void detail.refetch() })
    // Once per opened, unread announcement.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread, data?.id])
  return (
    <FormPopup visible={id !== undefined} title={t.viewerTitle} onClose={onClose}>
      <div className="announcement-viewer">
        <QueryStatus isPending={detail.isPending && id !== undefined} isError={detail.isError && !data} isEmpty={false} onRetry={() => void detail.refetch()} />
        {data ? <AnnouncementBody {...data} /> : null}
      </div>
    </FormPopup>
  )
}
