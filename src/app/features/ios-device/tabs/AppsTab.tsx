import { useState } from 'react'
import { Button } from 'antd-mobile'
import { useQuery } from '@tanstack/react-query'
import type { AppRestrictionAction, IosApp } from '../../../../shared/contract/ios-apps'
import { formatDate } from '../../../../shared/domain/format'
import { commandState } from '../../../../shared/domain/status-language'
import { iosDetailRefusal } from '../../../../shared/domain/ios-detail-commands'
import { iosCommandRefusal } from '../../../../shared/domain/ios-commands'
import { successMessages, uiText } from '../../../../shared/messages/common'
import { iosAppText as a } from '../../../../shared/messages/ios-detail-b'
import { iosDeviceText as t } from '../../../../shared/messages/ios-device'
import { confirmAction } from '../../../components/dialogs'
import { OnlineButton } from '../../../components/OnlineButton'
import { notify } from '../../../notify'
import { AppAddForm } from '../AppAddForm'
import { appCatalogueQuery, appRestrictionsQuery, useAppMutations } from '../detail-b-queries'
import { installedAppsQuery } from '../queries'
import { api } from '../../../api/routes'
import type { IosTabProps } from './tab-props'
import { useSentToDevice } from './use-sent-to-device'

/** The company's installable apps: each can join the execution list once (SPEC §5), or be deleted. */
function Catalogue({ onPick }: { onPick: (app: IosApp) => void }) {
  const apps = useQuery(appCatalogueQuery())
  const { remove } = useAppMutations()
  const [adding, setAdding] = useState(false)
  const del = async (app: IosApp) => {
    if (!(await confirmAction(a.deleteConfirm(app.name)))) return
    await remove.mutateAsync(app.id).then(() => notify.success(successMessages.delete), () => undefined)
  }
  return (
    <section className="device-section" aria-label={a.catalogue}>
      <div className="section-head">
        <h2>{a.catalogue}</h2>
        {/* Open, the button closes the form: not a second 添加应用 beside the form's own. */}
        <Button size="small" aria-expanded={adding} onClick={() => setAdding((v) => !v)}>
          {adding ? uiText.cancel : a.addApp}
        </Button>
      </div>
      {adding ? <AppAddForm onDone={() => setAdding(false)} /> : null}
      {apps.data?.length === 0 ? <p className="form-hint">{a.emptyCatalogue}</p> : null}
      <ul className="app-list">
        {apps.data?.map((app) => (
          <li key={app.id}>
            <span className="app-name">
              {app.name}
              <span className="app-version"> {app.kind === 'APP_STORE' ? a.appStore : a.enterprise} · {app.bundleId}</span>
            </span>
            <span className="app-actions">
              <Button size="small" color="primary" fill="outline" onClick={() => onPick(app)}>
                {a.addToList}
              </Button>
              <Button size="small" fill="none" onClick={() => void del(app)} aria-label={`${a.deleteConfirm(app.name)}`}>
                ✕
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The execution list and its three actions (SPEC §3 install request: canInstall, appIdList). */
function ExecutionList({ deviceId, apps, onRemove, onApplied, refusal }: { deviceId: number; apps: IosApp[]; onRemove: (id: number) => void; onApplied: () => void; refusal: { install: string | null; restrict: string | null } }) {
  const install = useSentToDevice(api.iosApps.install, deviceId, a.executionList, successMessages.applyNow)
  const apply = async (action: AppRestrictionAction) => {
    if (apps.length === 0) return notify.warning(a.listEmpty)
    const req = { deviceId, canInstall: action !== 'FORBID', install: action === 'INSTALL', appIdList: apps.map((app) => app.id) }
    // A refused request keeps the list as it was; the list empties once the device answered.
    await install.mutateAsync(req).then(onApplied, () => undefined)
  }
  const button = (action: AppRestrictionAction, reason: string | null) => (
    <OnlineButton key={action} color={action === 'FORBID' ? 'danger' : 'primary'} disabled={reason !== null || install.isPending} onClick={() => void apply(action)}>
      {a.actions[action]}
    </OnlineButton>
  )
  return (
    <section className="device-section" aria-label={a.executionList}>
      <h2>{a.executionList}</h2>
      {apps.length === 0 ? <p className="form-hint">{a.emptyList}</p> : null}
      <ul className="app-list">
        {apps.map((app) => (
          <li key={app.id}>
            <span className="app-name">{app.name}</span>
            <Button size="small" fill="none" onClick={() => onRemove(app.id)}>
              {a.removeFromList}
            </Button>
          </li>
        ))}
      </ul>
      <div className="app-apply">{[button('INSTALL', refusal.install), button('ALLOW', refusal.restrict), button('FORBID', refusal.restrict)]}</div>
      {refusal.restrict ? <p className="form-hint">{refusal.restrict}</p> : null}
    </section>
  )
}

/** What was applied to the device's apps, and how far the device got with it. */
function InForce({ deviceId }: { deviceId: number }) {
  const rows = useQuery(appRestrictionsQuery(deviceId))
  return (
    <section className="device-section" aria-label={a.inForce}>
      <h2>{a.inForce}</h2>
      {rows.data?.length === 0 ? <p className="form-hint">{a.emptyInForce}</p> : null}
      <ul className="app-list">
        {rows.data?.map((r) => (
          <li key={r.bundleId}>
            <span className="app-name">
              {r.appName}
              <span className="app-version"> {r.bundleId}</span>
            </span>
            <span className="app-version">
              {a.actions[r.action]} · {commandState(r.status).label} · {formatDate(r.updatedAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Asks the device for its installed apps (installedApplicationList); the list above refreshes with its answer. */
function RefreshInstalled({ device }: Pick<IosTabProps, 'device'>) {
  const refresh = useSentToDevice(api.myDevice.command.installedApplicationList, device.id, t.refreshApps, t.commandDone.installedApplicationList)
  const refusal = iosCommandRefusal(device, 'installedApplicationList')
  return (
    <>
      <OnlineButton disabled={refusal !== null} loading={refresh.isPending} onClick={() => refresh.mutate({ deviceId: device.id })}>
        {t.refreshApps}
      </OnlineButton>
      {refusal ? <p className="form-hint">{refusal}</p> : null}
    </>
  )
}

/** 应用 (SPEC §2): installable apps on the left, the execution list on the right, what the device has and what is in force. */
export function AppsTab({ device }: IosTabProps) {
  const deviceId = device.id
  const installed = useQuery(installedAppsQuery(deviceId))
  const [list, setList] = useState<IosApp[]>([])
  const pick = (app: IosApp) => {
    if (list.some((x) => x.id === app.id)) return notify.warning(a.alreadyInList(app.name))
    setList((l) => [...l, app])
  }
  const refusal = { install: iosDetailRefusal(device, 'installApplication'), restrict: iosDetailRefusal(device, 'appRestriction') }
  const data = installed.data
  return (
    <div className="apps-tab">
      <div className="apps-columns">
        <Catalogue onPick={pick} />
        <ExecutionList deviceId={deviceId} apps={list} onRemove={(id) => setList((l) => l.filter((x) => x.id !== id))} onApplied={() => setList([])} refusal={refusal} />
      </div>
      <section className="device-section" aria-label={t.installedApps}>
        <h2>{t.installedApps}</h2>
        {!data ? null : data.reportedAt === null ? (
          <p className="form-hint">{t.appsNeverReported}</p>
        ) : (
          <>
            <p className="form-hint">{t.appsReportedAt(formatDate(data.reportedAt))}</p>
            {data.apps.length === 0 ? (
              <p>{t.noApps}</p>
            ) : (
              <ul className="app-list">
                {data.apps.map((app) => (
                  <li key={app.identifier}>
                    <span className="app-name">{app.name || app.identifier}</span>
                    <span className="app-version">{app.version}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        <RefreshInstalled device={device} />
      </section>
      <InForce deviceId={deviceId} />
    </div>
  )
}
