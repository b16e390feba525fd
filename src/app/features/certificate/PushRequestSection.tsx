import { Button } from 'antd-mobile'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { formatDate } from '../../../shared/domain/format'
import { apnsRequestText as t } from '../../../shared/messages/apns-request'
import { call } from '../../api/http'
import { download } from '../../api/download'
import { api } from '../../api/routes'
import { notify } from '../../notify'

export const pushRequestKey = ['certificate', 'apns', 'request'] as const
const pushRequestQuery = () => queryOptions({ queryKey: pushRequestKey, queryFn: () => call(api.certificate.pushRequest) })

/**
 * Issue #42: the push certificate requested from here. The server makes the key (it never leaves the server) and the
 * CSR; the CSR, or the vendor-signed request when the server has an MDM vendor certificate, is downloaded and taken to
 * Apple's Push Certificates Portal; Apple's answer is uploaded below as "Apple 签发的证书".
 */
export function PushRequestSection() {
  const client = useQueryClient()
  const query = useQuery(pushRequestQuery())
  const create = useMutation({
    mutationFn: () => call(api.certificate.createPushRequest),
    onSuccess: (data) => {
      client.setQueryData(pushRequestKey, data)
      notify.success(t.created)
    },
  })
  const state = query.data
  const request = state?.request ?? null
  return (
    <section className="device-section certificate-request" aria-label={t.title}>
      <h2>{t.title}</h2>
      <ol className="certificate-steps">
        {t.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {state ? <p className="form-hint">{state.vendorConfigured ? t.vendorHint : t.noVendorHint}</p> : null}
      <p className="form-hint" aria-live="polite">
        {request ? `${t.createdAt} ${formatDate(request.createdAt)} · ${request.usedAt ? `${t.usedAt} ${formatDate(request.usedAt)}` : t.unused}` : t.noRequest}
      </p>
      <Button color="primary" fill="outline" loading={create.isPending} onClick={() => create.mutate()}>
        {t.create}
      </Button>
      {request ? (
        <div className="certificate-downloads">
          <Button onClick={() => void download(api.certificate.pushRequestFile, { kind: 'CSR' }, { fileName: t.csrFileName })}>{t.downloadCsr}</Button>
          {state?.vendorConfigured ? (
            <Button color="primary" onClick={() => void download(api.certificate.pushRequestFile, { kind: 'SIGNED' }, { fileName: t.signedFileName })}>
              {t.downloadSigned}
            </Button>
          ) : null}
        </div>
      ) : null}
    </section>
  )
}
