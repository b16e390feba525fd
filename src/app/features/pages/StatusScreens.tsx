import { Button, ErrorBlock } from 'antd-mobile'
import { useNavigate } from '@tanstack/react-router'
import { uiText } from '../../../shared/messages/common'

function StatusScreen({ status, title, text }: { status: 'empty' | 'disconnected'; title: string; text: string }) {
  const navigate = useNavigate()
  return (
    <main className="status-screen">
      <ErrorBlock status={status} title={title} description={text} fullPage>
        <Button color="primary" onClick={() => navigate({ to: '/dashboard' })}>
          {uiText.backHome}
        </Button>
      </ErrorBlock>
    </main>
  )
}

export function NotFoundScreen() {
  return <StatusScreen status="empty" title={uiText.notFoundTitle} text={uiText.notFoundText} />
}

export function ForbiddenScreen() {
  return <StatusScreen status="disconnected" title={uiText.forbiddenTitle} text={uiText.forbiddenText} />
}
