import { useQuery } from '@tanstack/react-query'
import { uiText } from '../../../shared/messages/common'
import { captchaQuery } from './queries'

/** The captcha picture; tapping it fetches a new one (SPEC §2 login). */
export function CaptchaImage({ onRefresh }: { onRefresh?: () => void }) {
  const { data, isFetching, refetch } = useQuery(captchaQuery())
  return (
    <button
      type="button"
      className="captcha-button"
      aria-label={uiText.captchaAlt}
      onClick={() => {
        void refetch()
        onRefresh?.()
      }}
    >
      {data && !isFetching ? <img src={data.img} alt={uiText.captchaAlt} width={120} height={44} /> : <span>{uiText.captchaLoading}</span>}
    </button>
  )
}
