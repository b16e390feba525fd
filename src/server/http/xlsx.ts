import ExcelJS from 'exceljs'

export type Cell = string | number | null | undefined

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Display width of a text in spreadsheet columns: CJK characters take two. */
function textWidth(value: Cell): number {
  return [...String(value ?? '')].reduce((n, ch) => n + (ch.charCodeAt(0) > 0xff ? 2 : 1), 0)
}

/** An xlsx workbook of one sheet: a bold, frozen header row and the data rows, columns sized to their content. */
export async function writeXlsx(sheetName: string, header: string[], rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  workbook.created = new Date()
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = header.map((title, c) => ({
    header: title,
    width: Math.min(Math.max(...[title, ...rows.map((r) => r[c])].map(textWidth)) + 2, 60),
  }))
  sheet.getRow(1).font = { bold: true }
  sheet.addRows(rows.map((r) => r.map((v) => v ?? '')))
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** Content-Disposition for a download with a Chinese file name (RFC 6266 / 5987), with an ASCII fallback. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}
