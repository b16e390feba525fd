import { NoticeBar } from 'antd-mobile'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { abmScreenText as t } from '../../../shared/messages/abm-screen'
import { call } from '../../api/http'
import { api } from '../../api/routes'

/** The company's ABM link, for the token warning (not persisted: it must be current); under the dashboard's keys. */
const abmLinkQuery = () => queryOptions({ queryKey: ['dashboard', 'abmLink'] as const, queryFn: () => call(api.abm.state, {}, { silent: true }) })

/**
 * Issue #42: the company's Apple Business Manager server token ends within 30 days (or has), as the APNs certificate
 * warns: without a token no new device arrives and none is assigned the enrollment profile.
 */
export function AbmWarning() {
  const link = useQuery(abmLinkQuery())
  const s = link.data
  if (!s || !s.linked || !s.expiringSoon || s.daysLeft === null) return null
  return <NoticeBar className="dash-apns" color="alert" wrap content={t.expiring(s.daysLeft)} extra={<Link to="/ios/abm">{t.renewOpen}</Link>} />
}
