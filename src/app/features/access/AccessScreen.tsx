import { useState } from 'react'
import { Button, Tag } from 'antd-mobile'
import { PullToRefresh } from '../../components/PullToRefresh'
import { useQuery } from '@tanstack/react-query'
import { formatDate } from '../../../shared/domain/format'
import { successMessages } from '../../../shared/messages/common'
import { organizationText } from '../../../shared/messages/organization'
import { routeTitles } from '../../../shared/messages/routes'
import { OnlineButton } from '../../components/OnlineButton'
import { PageTitle } from '../../components/PageTitle'
import { QueryStatus } from '../../components/QueryStatus'
import { RecordCard } from '../../components/RecordCard'
import { StateBlock } from '../../components/StateBlock'
import { confirmAction } from '../../components/dialogs'
import { DialogSlot, lazyDialog } from '../../components/lazy-dialog'
import { useDisclosure } from '../../components/use-disclosure'
import { notify } from '../../notify'
import { accessKeyQuery, useAccessMutations } from './queries'
import './access.css'
import { copyText } from '../../components/clipboard'

const t = organizationText.access
const AccessForm = lazyDialog(() => import('./AccessForm').then((m) => m.AccessForm))

/** How another system signs its requests, folded away until asked for (the README is not in the user's hands). */
function SigningHelp() {
  const s = t.signing
  return (
    <details className="signing-help">
      <summary>{s.title}</summary>
      <div className="signing-help-body">
        <p>{s.intro}</p>
        <dl className="signing-help-headers">
          {s.headers.map((h) => (
            <div key={h.name}>
              <dt>{h.name}</dt>
              <dd>{h.text}</dd>
            </div>
          ))}
        </dl>
        <p>{s.stringToSign}</p>
        <pre>{s.stringToSignValue}</pre>
        <p>{s.parts}</p>
        <p>{s.failures}</p>
      </div>
    </details>
  )
}

/** /access: the open-API access key — show, create, regenerate, delete (SPEC §2, §4). */
export function AccessScreen() {
  const key = useQuery(accessKeyQuery())
  const creator = useDisclosure()
  const { refresh, remove } = useAccessMutations()
  const [revealed, setRevealed] = useState(false)
  const k = key.data
  const live = !!k?.accessSecret

  const onRefresh = async () => {
    if (!(await confirmAction(t.confirmRefresh, t.refresh))) return
    try {
      await refresh.mutateAsync()
    } catch {
      return
    }
    setRevealed(false)
    notify.success(successMessages.regenerateKey)
  }

  const onDelete = async () => {
    if (!(await confirmAction(t.confirmDelete, organizationText.common.delete))) return
    try {
      await remove.mutateAsync()
    } catch {
      return
    }
    notify.success(successMessages.delete)
  }

  return (
    <section>
      <PageTitle
        title={routeTitles['/access']}
        extra={
          !live && !key.isPending ? (
            <OnlineButton color="primary" className="touch" onClick={() => creator.open(true)}>
              {t.create}
            </OnlineButton>
          ) : undefined
        }
      />
      <PullToRefresh onRefresh={async () => void (await key.refetch())}>
        <QueryStatus isPending={key.isPending} isError={key.isError} isEmpty={false} onRetry={() => void key.refetch()} />
        {key.isSuccess && !k ? <StateBlock kind="empty" title={t.none} description={t.noneHint} /> : null}
        {k ? (
          <RecordCard
            title={k.name}
            tags={live ? <Tag color="success">{t.active}</Tag> : <Tag color="danger">{t.deleted}</Tag>}
            fields={[
              { label: t.accessKey, value: <span className="secret-value">{k.accessKey}</span> },
              {
                label: t.accessSecret,
                value: live ? <span className="secret-value">{revealed ? k.accessSecret : t.masked}</span> : t.secretCleared,
              },
              { label: t.gmtCreate, value: formatDate(k.gmtCreate, 'yyyy-MM-dd hh:mm:ss') },
              // The server keeps the whitelist normalised to "a,b,c".
              { label: t.ipWhiteList, value: k.ipWhiteList ? k.ipWhiteList.split(',').join('、') : t.anyIp },
              { label: t.remark, value: k.remark || '—' },
            ]}
            actions={
              live ? (
                <>
                  <Button size="small" onClick={() => setRevealed((r) => !r)}>
                    {revealed ? t.hide : t.show}
                  </Button>
                  <Button size="small" onClick={() => void copyText(k.accessKey)}>
                    {t.copyKey}
                  </Button>
                  <Button size="small" onClick={() => void copyText(k.accessSecret!)}>
                    {t.copySecret}
                  </Button>
                  <OnlineButton size="small" onClick={() => void onRefresh()}>
                    {t.refresh}
                  </OnlineButton>
                  <OnlineButton size="small" color="danger" fill="outline" onClick={() => void onDelete()}>
                    {organizationText.common.delete}
                  </OnlineButton>
                </>
              ) : undefined
            }
          />
        ) : null}
      </PullToRefresh>
      <SigningHelp />
      <DialogSlot of={creator}>
        <AccessForm visible={creator.visible} onClose={creator.close} />
      </DialogSlot>
    </section>
  )
}
