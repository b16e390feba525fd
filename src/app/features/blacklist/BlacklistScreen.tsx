import { useRef, useState, type FormEvent } from 'react'
import { Button, Input, Tag } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { BlacklistEntry, BlacklistLookupResponse } from '../../../shared/contract/blacklist'
import { blacklistKinds } from '../../../shared/domain/blacklist'
import { formatDate } from '../../../shared/domain/format'
import { blacklistKindLabels, blacklistText as t } from '../../../shared/messages/biz'
import { PagedRecords } from '../../components/PagedRecords'
import { OnlineButton } from '../../components/OnlineButton'
import { PageTitle } from '../../components/PageTitle'
import { RecordCard } from '../../components/RecordCard'
import { confirmAction } from '../../components/dialogs'
import { DialogSlot, lazyDialog } from '../../components/lazy-dialog'
import { SearchPanel, type SearchField } from '../../components/SearchPanel'
import { useAuthorities } from '../../components/use-authorities'
import { useDisclosure } from '../../components/use-disclosure'
import { useSearchState } from '../../components/use-search-state'
import { dismiss, notify } from '../../notify'
import './blacklist.css'
import { blacklistListQuery, blacklistSearch, useBlacklistMutations } from './queries'

const BlacklistForm = lazyDialog(() => import('./BlacklistForm').then((m) => m.BlacklistForm))

const searchFields: SearchField[] = [
  { name: 'keyword', label: t.keyword, maxLength: 64 },
  { name: 'kind', label: t.kind, options: [{ label: '全部', value: '' }, ...blacklistKinds.map((k) => ({ label: blacklistKindLabels[k], value: k }))] },
]

/** The lookup every user has: whether and why, never whose. */
function Lookup() {
  const [value, setValue] = useState('')
  const [answer, setAnswer] = useState<{ value: string; result: BlacklistLookupResponse } | null>(null)
  const { lookup } = useBlacklistMutations()
  const emptyWarning = useRef<number>(undefined)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const v = value.trim().toUpperCase()
    if (!v) {
      setAnswer(null)
      emptyWarning.current = notify.warning(t.lookupEmpty)
      return
    }
    // An earlier empty lookup's warning does not stay on screen beside this answer (any other notice does).
    if (emptyWarning.current !== undefined) dismiss(emptyWarning.current)
    lookup.mutate(v, { onSuccess: (result) => setAnswer({ value: v, result }) })
  }
  return (
    <section className="blacklist-lookup" aria-label={t.lookupTitle}>
      <p className="form-hint">{t.lookupHint}</p>
      <form className="blacklist-lookup-row" onSubmit={submit}>
        <Input value={value} onChange={setValue} placeholder={t.lookupPlaceholder} aria-label={t.lookupPlaceholder} maxLength={64} clearable autoComplete="off" />
        <Button type="submit" color="primary" loading={lookup.isPending}>
          {t.lookup}
        </Button>
      </form>
      {answer ? (
        <div className={answer.result.listed ? 'blacklist-answer listed' : 'blacklist-answer'} role="status" data-testid="blacklist-answer">
          <strong>{answer.result.listed ? t.listed(answer.value) : t.notListed(answer.value)}</strong>
          {answer.result.hits.map((hit) => (
            <p key={hit.kind}>
              {blacklistKindLabels[hit.kind]} · {t.reason}：{hit.reason} · {t.since}：{formatDate(hit.since, 'yyyy-MM-dd')}
              {hit.blockEnrollment ? ` · ${t.blocksEnrollment}` : ''}
            </p>
          ))}
        </div>
      ) : null}
    </section>
  )
}

/** The administrator's entries: add with a reason, remove with a confirmation. */
function Entries({ onAdd }: { onAdd: () => void }) {
  const [search, , onSearch, onPage] = useSearchState(blacklistSearch)
  const list = useQuery(blacklistListQuery(search))
  const { remove } = useBlacklistMutations()
  const onRemove = async (e: BlacklistEntry) => {
    if (!(await confirmAction(t.removeConfirm(e.display), t.remove))) return
    try {
      await remove.mutateAsync(e.id)
    } catch {
      return // the server's message is shown
    }
    notify.success(t.removed)
  }
  return (
    <section aria-label={t.manageTitle}>
      <div className="blacklist-subtitle">
        <h2>{t.manageTitle}</h2>
        <OnlineButton color="primary" size="small" onClick={onAdd}>
          {t.add}
        </OnlineButton>
      </div>
      <SearchPanel fields={searchFields} values={search} onSearch={onSearch} />
      <PagedRecords list={list} label={t.manageTitle} emptyText={t.empty} paging={search} onPage={onPage}>
        {(e) => (
          <RecordCard
            key={e.id}
            title={e.display}
            tags={
              <>
                <Tag fill="outline">{blacklistKindLabels[e.kind]}</Tag>
                {e.blockEnrollment ? <Tag color="danger">{t.blocksEnrollment}</Tag> : null}
              </>
            }
            fields={[
              { label: t.reason, value: e.reason },
              { label: t.since, value: formatDate(e.createdAt, 'yyyy-MM-dd hh:mm') },
              ...(e.createdByName ? [{ label: t.createdBy, value: e.createdByName }] : []),
            ]}
            actions={
              <OnlineButton size="small" color="danger" fill="outline" onClick={() => void onRemove(e)}>
                {t.remove}
              </OnlineButton>
            }
          />
        )}
      </PagedRecords>
    </section>
  )
}

/** /blacklist (SPEC §2, every user): the lookup; the platform administrator also keeps the entries. */
export function BlacklistScreen() {
  const { info } = useAuthorities()
  const manages = info?.authorityList.includes('blacklist') ?? false
  const form = useDisclosure()
  return (
    <section>
      <PageTitle title={t.title} />
      <Lookup />
      {manages ? (
        <>
          <Entries onAdd={() => form.open(true)} />
          <DialogSlot of={form}>
            <BlacklistForm visible={form.visible} onClose={form.close} />
          </DialogSlot>
        </>
      ) : null}
    </section>
  )
}
