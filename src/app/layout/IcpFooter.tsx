import { useQuery } from '@tanstack/react-query'
import { appConfigQuery } from '../api/user-center'

/** SPEC §1: the footer carries the business-registration (ICP) notice, taken from server configuration. */
export function IcpFooter() {
  const { data } = useQuery(appConfigQuery())
  if (!data?.icp) return null
  return (
    <footer className="icp-footer">
      <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
        {data.icp}
      </a>
    </footer>
  )
}
