import { ErrorBlock } from 'antd-mobile'
import { uiText } from '../../../shared/messages'
import { PageTitle } from '../../components/PageTitle'

/** The titled page of a screen whose functionality a later issue builds. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <section>
      <PageTitle title={title} />
      <ErrorBlock status="empty" title={title} description={uiText.comingSoon} />
    </section>
  )
}
