import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, NoticeBar } from 'antd-mobile'
import type { AbmLinkState } from '../../../shared/contract/abm'
import { formatDate } from '../../../shared/domain/format'
import { abmText } from '../../../shared/messages/abm'
import { abmScreenText as t } from '../../../shared/messages/abm-screen'
import { download } from '../../api/download'
import { api } from '../../api/routes'
import { InfoSection } from '../../components/device/InfoSection'
import { FilePicker } from '../../components/FilePicker'
import { OnlineButton } from '../../components/OnlineButton'
import { QueryStatus } from '../../components/QueryStatus'
import { notify } from '../../notify'
import { abmStateQuery, useAbmMutations } from './queries'

const TIME = 'yyyy-MM-dd hh:mm'

/** What the link says, row by row (organisation, server, token expiry, last sync and its error, devices, profile). */
function stateRows(s: AbmLinkState): [string, string][] {
  const contact = [s.orgEmail, s.orgPhone].filter(Boolean).join(' · ')
  return [
    [t.org, s.orgName || '—'],
    [t.server, s.serverName || '—'],
    ...(contact ? [[t.orgContact, contact] as [string, string]] : []),
    [t.tokenExpiry, s.tokenExpiresAt ? `${formatDate(s.tokenExpiresAt)}（${t.daysLeft(s.daysLeft ?? 0)}）` : '—'],
    [t.lastSync, s.lastSyncAt ? formatDate(s.lastSyncAt, TIME) : t.never],
    ...(s.lastSyncError ? [[t.lastError, s.lastSyncError] as [string, string]] : []),
    [t.devices, t.deviceCount(s.deviceCount, s.enrolledCount)],
    [t.profile, s.profileUuid ? `${s.profileUuid}${s.profileDefinedAt ? `（${formatDate(s.profileDefinedAt, TIME)}）` : ''}` : t.profileNone],
  ]
}

/** The token upload: the .p7m file's whole text, as ABM's "下载令牌" gives it. */
function TokenUpload() {
  const [file, setFile] = useState<File | null>(null)
  const { link } = useAbmMutations()
  const submit = async () => {
    if (!file) return notify.warning(t.chooseToken)
    await link.mutateAsync(await file.text())
    notify.success(abmText.tokenLinked)
  }
  return (
    <div className="abm-token">
      <FilePicker label={t.tokenFile} accept=".p7m,application/pkcs7-mime" file={file} onChange={setFile} />
      <OnlineButton color="primary" loading={link.isPending} onClick={() => void submit().catch(() => undefined)}>
        {t.uploadToken}
      </OnlineButton>
    </div>
  )
}

/** Public key out, token in: the first link and each renewal. */
function LinkSteps() {
  return (
    <div className="abm-link-body">
      <ol className="abm-steps">
        {t.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <Button onClick={() => void download(api.abm.publicKey, {}, { fileName: t.publicKeyFileName })}>{t.downloadKey}</Button>
      <TokenUpload />
    </div>
  )
}

/**
 * Issue #42: the company's link to Apple Business Manager — the steps (public key out, token in), what the link
 * holds (organisation, server, token expiry with its 30-day warning, last sync and its error) and 立即同步.
 */
export function AbmLinkPanel() {
  const query = useQuery(abmStateQuery())
  const { sync } = useAbmMutations()
  const s = query.data
  const syncNow = async () => {
    const result = await sync.mutateAsync()
    notify.success(`${abmText.syncDone}：${t.syncResult(result)}`)
  }
  return (
    <div className="abm-panel">
      <QueryStatus isPending={query.isPending} isError={query.isError && !s} isEmpty={false} onRetry={() => void query.refetch()} />
      {s?.expiringSoon && s.daysLeft !== null ? (
        <NoticeBar className="abm-warning" color="alert" wrap content={t.expiring(s.daysLeft)} />
      ) : null}
      {s?.linked ? (
        <>
          <InfoSection title={t.stateTitle} rows={stateRows(s)} />
          <OnlineButton className="abm-sync" color="primary" block loading={sync.isPending} onClick={() => void syncNow().catch(() => undefined)}>
            {t.syncNow}
          </OnlineButton>
        </>
      ) : s ? (
        <p className="form-hint">{abmText.notLinked}</p>
      ) : null}
      {s?.linked ? (
        // Linked: the steps are for the yearly renewal, folded so that the devices come first on a phone.
        <details className="device-section abm-link">
          <summary>{t.renewTitle}</summary>
          <LinkSteps />
        </details>
      ) : (
        <section className="device-section abm-link" aria-label={t.linkTitle}>
          <h2>{t.linkTitle}</h2>
          <LinkSteps />
        </section>
      )}
    </div>
  )
}
