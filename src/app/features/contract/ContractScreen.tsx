import { useState } from 'react'
import { Button, TextArea } from 'antd-mobile'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AgreementResponse } from '../../../shared/contract/contract'
import { AGREEMENT_TEXT_MAX } from '../../../shared/domain/announcement'
import { formatDate } from '../../../shared/domain/format'
import { agreementText as t } from '../../../shared/messages/announcement'
import { routeTitles } from '../../../shared/messages/routes'
import { call } from '../../api/http'
import { api } from '../../api/routes'
import { confirmAction } from '../../components/dialogs'
import { InfoSection } from '../../components/device/InfoSection'
import { OnlineButton } from '../../components/OnlineButton'
import { PageTitle } from '../../components/PageTitle'
import { QueryStatus } from '../../components/QueryStatus'
import { StateBlock } from '../../components/StateBlock'
import { notify } from '../../notify'
import '../../components/device/devices.css'
import '../../components/records.css'
import './contract.css'

const agreementKey = ['contract', 'current'] as const
// The agreement reads offline like the other documents of the account (no secrets in it).
const agreementQuery = () => queryOptions({ queryKey: agreementKey, queryFn: () => call(api.contract.current), meta: { persist: true } })

const day = (iso: string) => formatDate(iso, 'yyyy-MM-dd')

/** Whether, by whom and when the company accepted the agreement. */
function AcceptanceRows({ data }: { data: AgreementResponse }) {
  const a = data.acceptance
  const status = !a ? t.notAccepted : a.current ? day(a.acceptedAt) : t.acceptedOlder(day(a.acceptedAt))
  return (
    <InfoSection
      title={t.title}
      rows={[
        ...(data.companyName ? ([[t.companyLabel, data.companyName]] as [string, string][]) : []),
        [t.updatedAt, data.version ? formatDate(data.version.updatedAt, 'yyyy-MM-dd hh:mm') : '—'],
        [t.acceptedAt, status],
        [t.acceptedBy, a ? a.acceptedBy : '—'],
      ]}
    />
  )
}

/** The administrator's editor: saving publishes a new version that every company accepts again. */
function AgreementEditor({ initial, onDone }: { initial: string; onDone: () => void }) {
  const client = useQueryClient()
  const [text, setText] = useState(initial)
  const save = useMutation({ mutationFn: (value: string) => call(api.contract.setText, { text: value }), onSuccess: (data) => client.setQueryData(agreementKey, data) })
  const submit = async () => {
    try {
      await save.mutateAsync(text)
    } catch {
      return // the server's message is shown; the text stays as typed
    }
    notify.success(t.saved)
    onDone()
  }
  return (
    <section className="agreement-editor" aria-label={t.edit}>
      <p className="form-hint">{t.editHint}</p>
      <TextArea aria-label={t.contentLabel} value={text} onChange={setText} placeholder={t.contentPlaceholder} maxLength={AGREEMENT_TEXT_MAX} showCount autoSize={{ minRows: 10, maxRows: 24 }} />
      <div className="agreement-actions">
        <OnlineButton color="primary" loading={save.isPending} onClick={() => void submit()}>
          {t.save}
        </OnlineButton>
        <Button onClick={onDone}>{t.cancel}</Button>
      </div>
    </section>
  )
}

/**
 * /contract (issue #15): the platform's service agreement, one text for every company, with the date the company
 * accepted it. The boss accepts it for the company tree; child companies read it; the administrator edits it.
 */
export function ContractScreen() {
  const client = useQueryClient()
  const query = useQuery(agreementQuery())
  const [editing, setEditing] = useState(false)
  const accept = useMutation({ mutationFn: (versionId: number) => call(api.contract.accept, { versionId }), onSuccess: (data) => client.setQueryData(agreementKey, data) })
  const data = query.data
  const onAccept = async (versionId: number) => {
    if (!(await confirmAction(t.acceptConfirm, t.confirmAccept))) return
    try {
      await accept.mutateAsync(versionId)
    } catch {
      void query.refetch() // e.g. the text changed meanwhile: show the new one
      return
    }
    notify.success(t.accepted)
  }
  return (
    <section className="agreement-page">
      <PageTitle
        title={routeTitles['/contract']}
        extra={
          data?.canEdit && !editing ? (
            <OnlineButton size="small" className="touch" onClick={() => setEditing(true)}>
              {t.edit}
            </OnlineButton>
          ) : undefined
        }
      />
      <QueryStatus isPending={query.isPending} isError={query.isError && !data} isEmpty={false} onRetry={() => void query.refetch()} />
      {data ? (
        editing ? (
          <AgreementEditor initial={data.version?.text ?? ''} onDone={() => setEditing(false)} />
        ) : (
          <>
            {data.canEdit ? null : <AcceptanceRows data={data} />}
            {data.version ? <div className="agreement-text" aria-label={t.title}>{data.version.text}</div> : <StateBlock kind="empty" title={t.notSet} />}
            {data.canAccept && data.version ? (
              <div className="agreement-actions">
                <OnlineButton color="primary" block loading={accept.isPending} onClick={() => void onAccept(data.version!.id)}>
                  {t.accept}
                </OnlineButton>
              </div>
            ) : null}
            {!data.canEdit && !data.canAccept && !data.acceptance?.current && data.version ? <p className="form-hint">{t.waitBoss}</p> : null}
            {data.canEdit && data.version ? <p className="form-hint">{`${t.version} ${data.version.id} · ${t.updatedAt}：${formatDate(data.version.updatedAt, 'yyyy-MM-dd hh:mm')}`}</p> : null}
          </>
        )
      ) : null}
    </section>
  )
}
