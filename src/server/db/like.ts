/**
 * A LIKE / ILIKE pattern matching `text` anywhere, with the wildcards in it escaped, so a search for "50%" finds
 * "50%", not everything. The one place every search builds its pattern.
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}
