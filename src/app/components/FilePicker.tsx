import { useId } from 'react'
import { formatFileSize } from '../../shared/domain/format'
import { filePickerText as t } from '../../shared/messages/file-picker'

interface FilePickerProps {
  /** What the file is (the field's label). */
  label: string
  accept: string
  file: File | null
  onChange: (file: File | null) => void
  hint?: string
}

/**
 * A file field that looks like the rest of the console (issue #43 item 9): a dashed area with a 44 px 选择文件 button
 * and the chosen file's name and size, over the native input, which stays the control (keyboard, screen readers, the
 * phone's own picker) but is not drawn.
 */
export function FilePicker({ label, accept, file, onChange, hint }: FilePickerProps) {
  const id = useId()
  return (
    <div className="file-picker-field">
      <span className="file-picker-label" id={`${id}-label`}>
        {label}
      </span>
      <label className="file-picker" htmlFor={id}>
        <input
          id={id}
          className="file-picker-input"
          type="file"
          accept={accept}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-name`}
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
        <span className="file-picker-button" aria-hidden>
          {file ? t.chooseAgain : t.choose}
        </span>
        <span className="file-picker-name" id={`${id}-name`} data-testid="file-picker-name">
          {file ? t.chosen(file.name, formatFileSize(file.size)) : t.none}
        </span>
      </label>
      {hint ? <span className="form-hint">{hint}</span> : null}
    </div>
  )
}
