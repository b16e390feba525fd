import { uiText } from '../../../shared/messages/common'
import { PageTitle } from '../../components/PageTitle'
import { StateBlock } from '../../components/StateBlock'

/** The titled page of a screen whose functionality a later issue builds. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <section>
      <PageTitle title={title} />
      <StateBlock kind="empty" title={title} description={uiText.comingSoon} />
    </section>
  )
}
