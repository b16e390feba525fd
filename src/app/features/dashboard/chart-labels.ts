/** YYYY-MM as a phone reads it: 3月, and the year where one begins (26年1月). */
export function monthLabel(key: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(key)
  if (!m) return key
  const month = Number(m[2])
  return month === 1 ? `${m[1].slice(2)}年1月` : `${month}月`
}
