/**
 * A paste longer than its field takes is cut by the field (an input's maxlength, antd-mobile's TextArea in script),
 * without a word: 5,200 characters pasted into an announcement became 5,000, and only the counter said so. Whatever the
 * field, this says so: a paste whose field ends up shorter than the text it would have made was cut.
 */
export function watchPasteCuts(doc: Document, warn: (kept: number) => void): () => void {
  const onPaste = (event: ClipboardEvent) => {
    const field = event.target
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return
    const pasted = event.clipboardData?.getData('text/plain') ?? ''
    if (!pasted) return
    const selected = (field.selectionEnd ?? field.value.length) - (field.selectionStart ?? field.value.length)
    const expected = field.value.length - selected + pasted.length
    // After the paste and the field's own cut (a render for a controlled field).
    setTimeout(() => {
      if (field.isConnected && field.value.length < expected) warn([...field.value].length)
    })
  }
  doc.addEventListener('paste', onPaste, true)
  return () => doc.removeEventListener('paste', onPaste, true)
}
