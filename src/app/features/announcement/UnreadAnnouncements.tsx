import { useEffect, useState } from 'react'
import { Modal } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import { announcementText as t } from '../../../shared/messages/announcement'
import { AnnouncementBody } from './AnnouncementViewer'
import { unreadTopQuery, useMarkRead } from './queries'
import './announcement.css'

/**
 * After sign-in (the shell mounts this lazily), the pinned announcements this user has not read pop up one after
 * another (SPEC §7 listNotReadTop). Each is marked read on the server as it is shown, so it pops up once per user —
 * not again after a reload, nor in another browser — and the list shows it read.
 */
export function UnreadAnnouncements() {
  const unread = useQuery(unreadTopQuery())
  const [index, setIndex] = useState(0)
  const { mutate: markRead } = useMarkRead()
  const items = unread.data ?? []
  const shown = items[index]
  useEffect(() => {
    if (shown) markRead(shown.id)
  }, [shown, markRead])
  if (!shown) return null
  const left = items.length - index - 1
  return (
    <Modal
      visible
      className="announcement-popup"
      title={t.popupTitle}
      content={<AnnouncementBody {...shown} />}
      closeOnMaskClick={false}
      actions={[{ key: 'next', text: left > 0 ? t.next(left) : t.close, primary: true }]}
      onAction={() => setIndex((i) => i + 1)}
    />
  )
}
