import { describe, expect, it } from 'vitest'
import { crc32, inflateRawSync } from 'node:zlib'
import ExcelJS from 'exceljs'
import { columnName, streamXlsx, xmlText, type Cell } from './xlsx'

async function* listOf(...batches: Cell[][][]) {
  for (const batch of batches) yield batch
}

const bytesOf = async (stream: ReadableStream<Uint8Array>) => Buffer.from(await new Response(stream).arrayBuffer())

async function read(file: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(new Uint8Array(file).buffer)
  return workbook.worksheets[0]
}

/**
 * The archive read by its central directory, as unzip does: each entry inflated from its local header's data, its size
 * and CRC-32 compared with the directory's.
 */
function entries(file: Buffer): Map<string, string> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  expect(end).toBe(file.length - 22)
  const count = file.readUInt16LE(end + 10)
  let at = file.readUInt32LE(end + 16)
  const found = new Map<string, string>()
  for (let i = 0; i < count; i++) {
    expect(file.readUInt32LE(at)).toBe(0x02014b50)
    const crc = file.readUInt32LE(at + 16)
    const packed = file.readUInt32LE(at + 20)
    const size = file.readUInt32LE(at + 24)
    const nameLength = file.readUInt16LE(at + 28)
    const offset = file.readUInt32LE(at + 42)
    const name = file.subarray(at + 46, at + 46 + nameLength).toString()
    expect(file.readUInt32LE(offset)).toBe(0x04034b50)
    const data = offset + 30 + file.readUInt16LE(offset + 26) + file.readUInt16LE(offset + 28)
    const raw = inflateRawSync(file.subarray(data, data + packed))
    expect({ name, size: raw.length, crc: crc32(raw) }).toEqual({ name, size, crc })
    // The data descriptor after the data repeats them.
    expect([file.readUInt32LE(data + packed), file.readUInt32LE(data + packed + 4), file.readUInt32LE(data + packed + 12)]).toEqual([0x08074b50, crc, size])
    found.set(name, raw.toString())
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32)
  }
  return found
}

describe('streamXlsx', () => {
  it('writes a workbook spreadsheet readers open: the header bold and frozen, numbers as numbers, text as written', async () => {
    const file = await bytesOf(
      streamXlsx('设备列表', ['序列号', '数量', '备注'], listOf([['SN&<1>', 3, ' 前后有空格 ']], [['SN"2', 4.5, '第一行\r\n第二行']], [['SN3', null, '']])),
    )
    const sheet = await read(file)
    expect(sheet.name).toBe('设备列表')
    expect(sheet.getSheetValues().slice(1).map((r) => (r as Cell[]).slice(1))).toEqual([
      ['序列号', '数量', '备注'],
      ['SN&<1>', 3, ' 前后有空格 '],
      ['SN"2', 4.5, '第一行\r\n第二行'],
      ['SN3'],
    ])
    expect(sheet.getCell('A1').font?.bold).toBe(true)
    expect(sheet.getCell('A2').font?.bold).toBeFalsy()
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' })
    // Widths from the header and the first batch; CJK characters count two.
    expect(sheet.columns.map((c) => c.width)).toEqual([8, 6, 14])
  })

  it('is a sound zip: every entry inflates to its recorded size and CRC, and the pieces of the sheet make one deflate stream', async () => {
    const rows = Array.from({ length: 3 }, (_, b) => Array.from({ length: 500 }, (_, i): Cell[] => [`SN${b}-${i}`, i, '租用人']))
    const parts = entries(await bytesOf(streamXlsx('表', ['序列号', '号', '租用人'], listOf(...rows))))
    expect([...parts.keys()]).toEqual(['[Content_Types].xml', '_rels/.rels', 'docProps/core.xml', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/worksheets/sheet1.xml'])
    const sheet = parts.get('xl/worksheets/sheet1.xml')!
    expect(sheet.match(/<row /g)).toHaveLength(1 + 1500)
    expect(sheet).toContain('<row r="1501"><c r="A1501" t="inlineStr"><is><t>SN2-499</t></is></c><c r="B1501"><v>499</v></c>')
    expect(sheet.endsWith('</sheetData></worksheet>')).toBe(true)
  })

  it('writes the header alone for an empty list, and a sheet name of at most 31 characters', async () => {
    const sheet = await read(await bytesOf(streamXlsx('一'.repeat(40), ['序列号', 'IMEI'], listOf())))
    expect(sheet.name).toBe('一'.repeat(31))
    expect(sheet.rowCount).toBe(1)
    expect(sheet.columns.map((c) => c.width)).toEqual([8, 6])
  })

  it('reads the next batch only when the bytes before it were taken, and stops reading when the client goes away', async () => {
    let taken = 0
    let stopped = false
    async function* many() {
      try {
        for (let b = 0; b < 100; b++) {
          taken++
          yield [[`SN${b}`, b]] as Cell[][]
        }
      } finally {
        stopped = true
      }
    }
    const reader = streamXlsx('表', ['序列号', '号'], many()).getReader()
    // The workbook's parts, then the sheet's header and first batch.
    for (let i = 0; taken === 0; i++) {
      expect(i).toBeLessThan(50)
      await reader.read()
    }
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve))
    expect(taken).toBe(1)
    await reader.read()
    await reader.read()
    expect(taken).toBeLessThanOrEqual(3)
    await reader.cancel()
    expect(stopped).toBe(true)
    expect(taken).toBeLessThanOrEqual(3)
  })

  it('fails the download, not the server, when the rows cannot be read', async () => {
    async function* broken(): AsyncGenerator<Cell[][]> {
      yield [['SN1']]
      throw new Error('connection lost')
    }
    await expect(bytesOf(streamXlsx('表', ['序列号'], broken()))).rejects.toThrow('connection lost')
  })
})

describe('columnName and xmlText', () => {
  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [51, 'AZ'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('column %i is %s', (index, name) => {
    expect(columnName(index)).toBe(name)
  })

  it('escapes markup and leaves out the characters XML cannot hold', () => {
    expect(xmlText('a&b<c>d"e')).toBe('a&amp;b&lt;c&gt;d&quot;e')
    expect(xmlText('x\u0000y\u0008z\u000b\u001f\ufffe\uffff')).toBe('xyz')
    expect(xmlText('tab\tline\nreturn\r刘伟😀')).toBe('tab\tline\nreturn&#13;刘伟😀')
  })
})
