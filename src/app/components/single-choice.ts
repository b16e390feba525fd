/**
 * Form.Item `normalize` for a single-choice Selector: antd-mobile deselects the chosen chip on a second tap, which
 * would leave no choice at all (the quota dialog then saved an Apple change when 华为 had been tapped twice).
 * Keeping the previous value makes the chip behave like a radio button.
 */
export function keepChoice<T>(next: T[] | undefined, prev: T[] | undefined): T[] | undefined {
  return next && next.length > 0 ? next : prev
}
