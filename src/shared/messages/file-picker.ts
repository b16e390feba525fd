/** Issue #43 item 9: a styled file picker instead of the browser's own "Choose File". */
export const filePickerText = {
  choose: '选择文件',
  chooseAgain: '重新选择',
  none: '未选择文件',
  /** What the picker is for and what it holds, for assistive technology. */
  chosen: (name: string, size: string) => `${name}（${size}）`,
} as const
