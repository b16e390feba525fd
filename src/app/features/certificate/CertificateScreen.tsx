import { useState } from 'react'
import { Button, Checkbox, Input, Selector, TextArea } from 'antd-mobile'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ResultCode } from '../../../shared/contract/envelope'
import type { ApnsUploadRequest } from '../../../shared/contract/certificate'
import { formatDate } from '../../../shared/domain/format'
import { certificateText as t } from '../../../shared/messages/ios-detail-b'
import { routeTitles } from '../../../shared/messages/routes'
import { call, RequestError } from '../../api/http'
import { api } from '../../api/routes'
import { InfoSection } from '../../components/device/InfoSection'
import { PageTitle } from '../../components/PageTitle'
import { QueryStatus } from '../../components/QueryStatus'
import { base64Of } from '../../components/file-base64'
import { FilePicker } from '../../components/FilePicker'
import { notify } from '../../notify'
import { apnsRequestText } from '../../../shared/messages/apns-request'
import { PushRequestSection, pushRequestKey } from './PushRequestSection'
import './certificate.css'

const certificateKey = ['certificate', 'apns'] as const
const certificateQuery = () => queryOptions({ queryKey: certificateKey, queryFn: () => call(api.certificate.apns) })

type UploadFormat = ApnsUploadRequest['format']

/**
 * Upload of a renewed certificate: a PEM pair, a .p12 with its password, or (issue #42) Apple's answer to the
 * server's own request, without key; a topic change must be confirmed.
 */
function UploadForm() {
  const client = useQueryClient()
  const [format, setFormat] = useState<UploadFormat>('PEM')
  const [answer, setAnswer] = useState<File | null>(null)
  const [pem, setPem] = useState({ certificatePem: '', privateKeyPem: '' })
  const [p12, setP12] = useState<File | null>(null)
  const [password, setPassword] = useState('')
  const [topicWarning, setTopicWarning] = useState<string | null>(null)
  const [confirmTopicChange, setConfirm] = useState(false)
  const upload = useMutation({
    mutationFn: (req: ApnsUploadRequest) => call(api.certificate.upload, req, { silent: true }),
    onSuccess: (data) => {
      client.setQueryData(certificateKey, data)
      void client.invalidateQueries({ queryKey: pushRequestKey })
    },
  })
  const submit = async () => {
    const req: ApnsUploadRequest =
      format === 'PEM'
        ? { format, ...pem, confirmTopicChange }
        : format === 'P12'
          ? { format, p12Base64: p12 ? await base64Of(p12) : '', password, confirmTopicChange }
          : { format, certificate: answer ? await base64Of(answer) : '', confirmTopicChange }
    try {
      await upload.mutateAsync(req)
    } catch (error) {
      const conflict = error instanceof RequestError && error.code === ResultCode.conflict
      if (conflict) setTopicWarning(error.message)
      else notify.warning(error instanceof Error ? error.message : String(error))
      return
    }
    setTopicWarning(null)
    setConfirm(false)
    notify.success(t.uploaded)
  }
  return (
    <section className="device-section certificate-upload" aria-label={t.upload}>
      <h2>{t.upload}</h2>
      <Selector
        columns={2}
        options={[
          { label: apnsRequestText.answerFormat, value: 'CERT' },
          { label: t.pem, value: 'PEM' },
          { label: t.p12, value: 'P12' },
        ]}
        value={[format]}
        onChange={(v) => v[0] && setFormat(v[0] as UploadFormat)}
      />
      {format === 'CERT' ? (
        <FilePicker
          label={apnsRequestText.answerFile}
          accept=".pem,.cer,.crt,application/x-pem-file,application/pkix-cert"
          file={answer}
          onChange={setAnswer}
          hint={apnsRequestText.answerHint}
        />
      ) : format === 'PEM' ? (
        <>
          <label className="lost-field">
            {t.certificatePem}
            <TextArea rows={4} value={pem.certificatePem} onChange={(v) => setPem((p) => ({ ...p, certificatePem: v }))} placeholder="-----BEGIN CERTIFICATE-----" />
          </label>
          <label className="lost-field">
            {t.privateKeyPem}
            <TextArea rows={4} value={pem.privateKeyPem} onChange={(v) => setPem((p) => ({ ...p, privateKeyPem: v }))} placeholder="-----BEGIN PRIVATE KEY-----" />
          </label>
        </>
      ) : (
        <>
          <FilePicker label={t.p12File} accept=".p12,.pfx,application/x-pkcs12" file={p12} onChange={setP12} />
          <label className="lost-field">
            {t.password}
            <Input type="password" value={password} onChange={setPassword} autoComplete="off" />
          </label>
        </>
      )}
      {topicWarning ? (
        <div className="certificate-warning" role="alert">
          <p>{topicWarning}</p>
          <Checkbox checked={confirmTopicChange} onChange={setConfirm}>
            {t.confirmTopicChange}
          </Checkbox>
        </div>
      ) : null}
      <Button color="primary" loading={upload.isPending} onClick={() => void submit()}>
        {t.upload}
      </Button>
    </section>
  )
}

/** /certificate (issue #14): the APNs push certificate in use, its expiry warning, and its renewal. */
export function CertificateScreen() {
  const query = useQuery(certificateQuery())
  const info = query.data
  const dash = (v: string | null) => v ?? '—'
  return (
    <div className="page certificate-page">
      <PageTitle title={routeTitles['/certificate']} />
      <QueryStatus isPending={query.isPending} isError={query.isError} isEmpty={false} onRetry={() => void query.refetch()} />
      {info ? (
        <>
          {info.expiringSoon && info.daysLeft !== null ? (
            <p className="certificate-warning" role="alert">
              {t.expiringSoon(info.daysLeft)}
            </p>
          ) : null}
          {/* Issue #43: said as a warning, not a grey hint: nothing reaches an iPhone until it is. */}
          {info.configured ? null : (
            <p className="certificate-warning" role="status">
              {t.notConfigured}
            </p>
          )}
          <InfoSection
            title={t.title}
            rows={[
              [t.source, t.sources[info.source]],
              [t.topic, dash(info.topic)],
              [t.subject, dash(info.subject)],
              [t.issuer, dash(info.issuer)],
              [t.notBefore, info.notBefore ? formatDate(info.notBefore) : '—'],
              [t.notAfter, info.notAfter ? formatDate(info.notAfter) : '—'],
              [t.daysLeft, info.daysLeft === null ? '—' : t.days(info.daysLeft)],
              [t.enrolledTopics, info.enrolledTopics.join('，') || '—'],
            ]}
          />
          <PushRequestSection />
          <UploadForm />
        </>
      ) : null}
    </div>
  )
}
