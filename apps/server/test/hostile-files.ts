import { constants, crc32, deflateRawSync } from 'node:zlib'

/**
 * Hostile statement files (issue 33's table) built the way an attacker would: small zips whose
 * parts claim or inflate to huge sizes. A part that inflates to gigabytes is made of one
 * compressed, fully flushed block repeated (a valid deflate stream), so building it is cheap.
 */

export interface ZipPart {
  name: string
  /** Raw deflate data (without its final block) and what it inflates to. */
  pieces: { deflated: Buffer; size: number; crc: number }[]
}

/** One piece: `data` compressed on its own and flushed so that pieces can follow it. */
export const piece = (data: string | Buffer) => {
  const buf = typeof data === 'string' ? Buffer.from(data) : data
  return {
    deflated: deflateRawSync(buf, { level: 9, finishFlush: constants.Z_FULL_FLUSH }),
    size: buf.length,
    crc: crc32(buf),
  }
}

/** A zip of parts (deflated), sizes and CRCs true to what they inflate to. */
export const zipOf = (parts: ZipPart[]): Buffer => {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const part of parts) {
    const name = Buffer.from(part.name)
    const data = Buffer.concat([...part.pieces.map((p) => p.deflated), Buffer.from([0x03, 0x00])])
    let size = 0
    let crc = 0
    for (const p of part.pieces) {
      // crc32 of a concatenation: recompute over the piece's data is not possible from its CRC
      // alone, so the caller's pieces carry their data's CRC chained by repeat() below.
      size += p.size
      crc = p.crc
    }
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(crc >>> 0, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(Math.min(size, 0xffffffff), 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(crc >>> 0, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(Math.min(size, 0xffffffff), 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, data)
    centrals.push(central, name)
    offset += local.length + name.length + data.length
  }
  const dir = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(parts.length, 8)
  end.writeUInt16LE(parts.length, 10)
  end.writeUInt32LE(dir.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, dir, end])
}

/**
 * A part of `head`, `body` repeated `times` and `tail`, with its true size and CRC (the CRC is
 * chained over every repeat, which costs a pass over the inflated size but no memory).
 */
export const repeated = (name: string, head: string, body: string, times: number, tail: string): ZipPart => {
  const h = piece(head)
  const b = piece(body)
  const t = piece(tail)
  const bodyBuf = Buffer.from(body)
  let crc = crc32(head)
  for (let i = 0; i < times; i++) crc = crc32(bodyBuf, crc)
  crc = crc32(tail, crc)
  return {
    name,
    pieces: [{ ...h, crc }, ...Array.from({ length: times }, () => ({ ...b, crc })), { ...t, crc }],
  }
}

export const part = (name: string, xml: string): ZipPart => ({ name, pieces: [piece(xml)] })

const WORKBOOK = part(
  'xl/workbook.xml',
  '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
)
const RELS = part(
  'xl/_rels/workbook.xml.rels',
  '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
)
const SHEET_HEAD =
  '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
const SHEET_TAIL = '</sheetData></worksheet>'

/** A workbook whose first sheet's <sheetData> holds `rows` (XML), plus any other parts. */
export const workbook = (rows: string, ...others: ZipPart[]) =>
  zipOf([WORKBOOK, RELS, part('xl/worksheets/sheet1.xml', SHEET_HEAD + rows + SHEET_TAIL), ...others])

/** The table of issue 33: each a few kB, each once stopped the server. */
export const HOSTILE_WORKBOOKS: { name: string; file: () => Buffer }[] = [
  {
    name: 'one row numbered 2,000,000,000',
    file: () => workbook('<row r="2000000000"><c r="A2000000000"><v>1</v></c></row>'),
  },
  {
    name: 'a cell in column ZZZZZZZ',
    file: () => workbook('<row r="1"><c r="ZZZZZZZ1"><v>1</v></c></row>'),
  },
  {
    name: '25 million shared strings',
    file: () =>
      workbook(
        '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
        repeated(
          'xl/sharedStrings.xml',
          '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">',
          '<si><t>a</t></si>'.repeat(1_000_000),
          25,
          '</sst>',
        ),
      ),
  },
  {
    name: 'a sheet that inflates to 1 GiB',
    file: () =>
      zipOf([
        WORKBOOK,
        RELS,
        repeated('xl/worksheets/sheet1.xml', SHEET_HEAD, ' '.repeat(1024 * 1024), 1024, SHEET_TAIL),
      ]),
  },
  {
    name: 'a sheet that says 4 kB and inflates to 1 GiB',
    file: () =>
      claiming(
        zipOf([
          WORKBOOK,
          RELS,
          repeated('xl/worksheets/sheet1.xml', SHEET_HEAD, ' '.repeat(1024 * 1024), 1024, SHEET_TAIL),
        ]),
        4096,
      ),
  },
  {
    name: 'unclosed <row> elements',
    file: () => workbook('<row r="1"><c r="A1"><v>1</v></c>'.repeat(2000)),
  },
  {
    name: 'unclosed <c> and <v> elements',
    file: () => workbook(`<row r="1">${'<c r="A1"><v>1'.repeat(2000)}`),
  },
  {
    name: 'a sheet of 200,000 rows',
    file: () => repeatedRows(200_000),
  },
  {
    name: 'shared strings that claim 25 million entries',
    file: () =>
      workbook(
        '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
        part('xl/sharedStrings.xml', '<sst uniqueCount="25000000"><si><t>a</t></si></sst>'),
      ),
  },
]

const repeatedRows = (n: number) =>
  zipOf([
    WORKBOOK,
    RELS,
    repeated(
      'xl/worksheets/sheet1.xml',
      SHEET_HEAD,
      '<row><c><v>1</v></c></row>'.repeat(1000),
      n / 1000,
      SHEET_TAIL,
    ),
  ])

/** A zip whose parts claim `claimed` bytes each, whatever they inflate to (a liar). */
export const claiming = (zip: Buffer, claimed: number) => {
  const out = Buffer.from(zip)
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = out.readUInt32LE(i)
    if (sig === 0x04034b50) out.writeUInt32LE(claimed, i + 22)
    else if (sig === 0x02014b50) out.writeUInt32LE(claimed, i + 24)
  }
  return out
}
