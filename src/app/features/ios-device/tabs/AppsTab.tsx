import { useQuery } from '@tanstack/react-query'
import { formatDate } from '../../../../shared/domain/format'
import { iosDeviceText as t } from '../../../../shared/messages/ios-device'
import { installedAppsQuery } from '../queries'
import type { IosTabProps } from './registry'

/** What the device last reported as installed (installedApplicationList refreshes it). */
export function AppsTab({ device }: IosTabProps) {
  const deviceId = device.id
  const apps = useQuery(installedAppsQuery(deviceId))
  const data = apps.data
  return (
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
    </section>
  )
}

