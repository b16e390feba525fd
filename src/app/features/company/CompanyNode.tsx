import { useState } from 'react'
import { Button, Tag } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { CompanyRecord } from '../../../shared/contract/company'
import { formatDate } from '../../../shared/domain/format'
import { uiText } from '../../../shared/messages/common'
import { statusText } from '../../../shared/messages/status'
import { organizationText } from '../../../shared/messages/organization'
import { OnlineButton } from '../../components/OnlineButton'
import { QueryStatus } from '../../components/QueryStatus'
import { RecordCard } from '../../components/RecordCard'
import { companyChildrenQuery } from './queries'

const t = organizationText.company

export interface CompanyActions {
  edit: (c: CompanyRecord) => void
  resetPassword: (c: CompanyRecord) => void
  changeQuota: (c: CompanyRecord) => void
  openHuawei: (c: CompanyRecord) => void
  devices: (c: CompanyRecord) => void
}

/** SPEC §3: a disabled node shows the （已禁用） suffix. */
export function nodeTitle(c: CompanyRecord): string {
  return c.available ? c.name : `${c.name}${t.disabledSuffix}`
}

/** One node of the company tree; its children load when it is opened (SPEC §2 "second-level load"). */
export function CompanyNode({ company, ownCompanyId, actions, cachedAt }: { company: CompanyRecord; ownCompanyId: number | null; actions: CompanyActions; cachedAt?: number }) {
  const [open, setOpen] = useState(false)
  const children = useQuery({ ...companyChildrenQuery(company.id), enabled: open })
  const own = company.id === ownCompanyId
  const q = company.quota
  return (
    <RecordCard
      className={company.available ? undefined : 'record-disabled'}
      title={nodeTitle(company)}
      // A disabled company says so once, in its title's （已禁用） suffix (SPEC §3), greyed by record-disabled.
      tags={
        <>
          {own ? <Tag color="primary">{t.ownCompany}</Tag> : null}
          {/* Offline (issue #43 item 1): the record is the one cached then, and says so. */}
          {cachedAt !== undefined ? (
            <Tag fill="outline" className="cached-tag">
              {statusText.cachedAt(formatDate(cachedAt, 'MM-dd hh:mm'))}
            </Tag>
          ) : null}
        </>
      }
      fields={[
        { label: t.account, value: company.username || '—' },
        { label: t.bossName, value: company.bossName || '—' },
        { label: uiText.phoneNumber, value: company.phoneNumber || '—' },
        { label: t.iosRemaining, value: q.ios.remainingQuantity },
        { label: t.huaweiRemaining, value: q.huawei.opened ? q.huawei.remainingQuantity : t.huaweiNotOpened },
        ...(company.roleName ? [{ label: t.role, value: company.roleName }] : []),
      ]}
      actions={
        <>
          <OnlineButton size="small" onClick={() => actions.edit(company)}>
            {organizationText.common.edit}
          </OnlineButton>
          <Button size="small" onClick={() => actions.devices(company)}>
            {t.devices}
          </Button>
          {!own ? (
            <>
              <OnlineButton size="small" onClick={() => actions.changeQuota(company)}>
                {t.changeQuota}
              </OnlineButton>
              {!q.huawei.opened ? (
                <OnlineButton size="small" onClick={() => actions.openHuawei(company)}>
                  {t.openHuawei}
                </OnlineButton>
              ) : null}
              {company.bossUserId !== null ? (
                <OnlineButton size="small" onClick={() => actions.resetPassword(company)}>
                  {organizationText.common.resetPassword}
                </OnlineButton>
              ) : null}
            </>
          ) : null}
          {company.childrenCount > 0 ? (
            <Button size="small" fill="none" color="primary" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
              {open ? t.collapse : t.expand(company.childrenCount)}
            </Button>
          ) : null}
        </>
      }
    >
      {open ? (
        <div className="tree-children" role="group" aria-label={t.childrenOf(company.name)}>
          {/* A failed load says so and offers a retry, instead of an empty group. */}
          <QueryStatus isPending={children.isPending} isError={children.isError && !children.data} isEmpty={false} onRetry={() => void children.refetch()} />
          {(children.data ?? []).map((child) => (
            <CompanyNode key={child.id} company={child} ownCompanyId={ownCompanyId} actions={actions} />
          ))}
        </div>
      ) : null}
    </RecordCard>
  )
}
