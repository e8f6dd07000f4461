import { strFromU8, unzipSync } from 'fflate'
import { giveWay } from '../../platform/outside/give-way.ts'
import { FileLimitError, STATEMENT_LIMITS } from './statement-limits.ts'

/**
 * The first sheet of an XLSX file as rows of text (decision 063), read with fflate (already a
 * dependency) and the sheet's XML: shared and inline strings, numbers (to the paisa), and cells
 * whose style is a date format as yyyy-mm-dd. Enough for a bank's statement export; formulas
 * are read by their cached values.
 *
 * The file comes from outside the office (issue 33, decision 085): every limit is checked before
 * the work it bounds (a part's declared size before it is inflated, a row or column number before
 * an array grows to it, the shared strings' count before they are kept), and the XML is read by
 * one forward scan with indexOf (no regular expression that could backtrack over an unclosed tag).
 */

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** XML character references and the five entities; anything else is kept as written. */
const decode = (s: string) => {
  if (!s.includes('&')) return s
  let out = ''
  let i = 0
  while (i < s.length) {
    const amp = s.indexOf('&', i)
    if (amp < 0) break
    // An entity is short: look no further than 12 characters for its ';' (linear overall).
    const near = s.slice(amp + 1, amp + 13).indexOf(';')
    const semi = near < 0 ? -1 : amp + 1 + near
    const name = semi < 0 ? '' : s.slice(amp + 1, semi)
    let ch: string | undefined
    if (name.startsWith('#')) {
      const code = /^#x[0-9a-f]{1,6}$/i.test(name)
        ? Number.parseInt(name.slice(2), 16)
        : /^#\d{1,7}$/.test(name)
          ? Number(name.slice(1))
          : Number.NaN
      if (Number.isInteger(code) && code <= 0x10ffff) ch = String.fromCodePoint(code)
    } else ch = ENTITY[name.toLowerCase()]
    if (ch === undefined) {
      out += s.slice(i, amp + 1)
      i = amp + 1
    } else {
      out += s.slice(i, amp) + ch
      i = semi + 1
    }
  }
  return out + s.slice(i)
}

export class XlsxError extends Error {}

/** One tag of the XML: its name, attributes, and whether it opens, closes or is empty. */
interface Tag {
  name: string
  attrs: string
  close: boolean
  empty: boolean
  /** Where the text after the tag starts. */
  end: number
}

const MALFORMED = 'The sheet is not well-formed XML (an unclosed tag)'

/** The tags of an XML text in order, each found with indexOf from the last: linear in the text. */
function* tagsOf(xml: string): Generator<Tag & { start: number }> {
  let i = 0
  for (;;) {
    giveWay()
    const lt = xml.indexOf('<', i)
    if (lt < 0) return
    if (xml.startsWith('<!--', lt)) {
      const close = xml.indexOf('-->', lt + 4)
      if (close < 0) throw new XlsxError(MALFORMED)
      i = close + 3
      continue
    }
    if (xml.startsWith('<![CDATA[', lt)) {
      const close = xml.indexOf(']]>', lt + 9)
      if (close < 0) throw new XlsxError(MALFORMED)
      i = close + 3
      continue
    }
    const gt = xml.indexOf('>', lt + 1)
    if (gt < 0) throw new XlsxError(MALFORMED)
    i = gt + 1
    const c = xml[lt + 1]
    if (c === '?' || c === '!') continue
    const close = c === '/'
    const empty = xml[gt - 1] === '/'
    const inner = xml.slice(close ? lt + 2 : lt + 1, empty ? gt - 1 : gt)
    let n = 0
    while (n < inner.length && !/\s/.test(inner[n] ?? '')) n++
    yield { name: inner.slice(0, n), attrs: inner.slice(n), close, empty, start: lt, end: gt + 1 }
  }
}

/** The attributes of a tag (`a="1" b='2'`), read in one pass. */
const attrsOf = (s: string): Map<string, string> => {
  const out = new Map<string, string>()
  let i = 0
  while (i < s.length) {
    const eq = s.indexOf('=', i)
    if (eq < 0) break
    const name = s.slice(i, eq).trim()
    let q = eq + 1
    while (q < s.length && /\s/.test(s[q] ?? '')) q++
    const quote = s[q]
    if (quote !== '"' && quote !== "'") break
    const close = s.indexOf(quote, q + 1)
    if (close < 0) throw new XlsxError(MALFORMED)
    out.set(name, decode(s.slice(q + 1, close)))
    i = close + 1
  }
  return out
}

/** Local name: `x:row` and `row` are the same element (some writers prefix the main namespace). */
const local = (name: string) => {
  const colon = name.indexOf(':')
  return colon < 0 ? name : name.slice(colon + 1)
}

/** Built-in number formats that are dates (ECMA-376 18.8.30). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 22, 27, 30, 36, 50, 57])

/** A custom format is a date when it has d or y outside quoted text and [..] sections. */
const isDateCode = (code: string) => {
  let inQuote = false
  let inBracket = false
  for (const ch of code) {
    if (inQuote) inQuote = ch !== '"'
    else if (inBracket) inBracket = ch !== ']'
    else if (ch === '"') inQuote = true
    else if (ch === '[') inBracket = true
    else if (ch === 'd' || ch === 'D' || ch === 'y' || ch === 'Y') return true
  }
  return false
}

const dateStyles = (styles: string | undefined): Set<number> => {
  const out = new Set<number>()
  if (!styles) return out
  const custom = new Map<number, string>()
  let inXfs = false
  let i = 0
  for (const t of tagsOf(styles)) {
    const name = local(t.name)
    if (name === 'numFmt' && !t.close) {
      const a = attrsOf(t.attrs)
      custom.set(Number(a.get('numFmtId')), a.get('formatCode') ?? '')
    } else if (name === 'cellXfs') inXfs = !t.close && !t.empty
    else if (name === 'xf' && inXfs && !t.close) {
      const id = Number(attrsOf(t.attrs).get('numFmtId') ?? 0)
      if (DATE_FORMAT_IDS.has(id) || isDateCode(custom.get(id) ?? '')) out.add(i)
      i++
      if (i > 100_000) break
    }
  }
  return out
}

/** A cell reference's column (A = 0), or null when it is not a reference within the sheet's limits. */
const columnOf = (ref: string): number | null => {
  let n = 0
  let k = 0
  for (; k < ref.length; k++) {
    const code = ref.charCodeAt(k)
    if (code < 65 || code > 90) break
    n = n * 26 + (code - 64)
    // Excel's last column is XFD (16,384); a reference past it is not a cell of a sheet.
    if (n > 16_384) return null
  }
  return k === 0 ? null : n - 1
}

/** An Excel day serial (1900 system) as yyyy-mm-dd. */
const serialDay = (serial: number) => {
  const d = new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000)
  return Number.isNaN(d.getTime()) ? String(serial) : d.toISOString().slice(0, 10)
}

/** Whether bytes look like a zip (an XLSX file). */
export const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b

const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`

/** The parts this reader needs, each inflated only after its declared size was checked. */
const unzipParts = (bytes: Uint8Array): Record<string, Uint8Array> => {
  const L = STATEMENT_LIMITS
  let total = 0
  let tooLarge: string | null = null
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(bytes, {
      filter: (f) => {
        if (!f.name.startsWith('xl/') || tooLarge) return false
        if (!(f.name.endsWith('.xml') || f.name.endsWith('.rels'))) return false
        total += f.originalSize
        if (f.originalSize > L.partBytes || total > L.unzippedBytes) {
          tooLarge = f.name
          return false
        }
        return true
      },
    })
  } catch {
    throw new XlsxError('The file is not a readable XLSX workbook')
  }
  // fflate inflates into a buffer of the declared size, so a part that lies about it cannot grow past it.
  if (tooLarge)
    throw new FileLimitError(
      `The workbook is too large when unpacked (${tooLarge} over ${mb(L.partBytes)}, or all parts over ${mb(L.unzippedBytes)})`,
    )
  return files
}

const sharedStrings = (xml: string | undefined): string[] => {
  const out: string[] = []
  if (!xml) return out
  let current: string | null = null
  let inText = false
  let phonetic = false
  let textFrom = 0
  for (const t of tagsOf(xml)) {
    const name = local(t.name)
    if (name === 'sst' && !t.close) {
      const count = Number(attrsOf(t.attrs).get('uniqueCount') ?? 0)
      if (count > STATEMENT_LIMITS.sharedStrings) throw tooManyStrings()
    } else if (name === 'si') {
      if (t.close) {
        out.push(current ?? '')
        current = null
        if (out.length > STATEMENT_LIMITS.sharedStrings) throw tooManyStrings()
      } else if (t.empty) out.push('')
      else current = ''
    } else if (name === 'rPh' && !t.empty) {
      // Phonetic runs (furigana) are not the cell's text.
      phonetic = !t.close
    } else if (name === 't' && current !== null && !phonetic) {
      if (t.close && inText) {
        current += decode(xml.slice(textFrom, t.start))
        inText = false
      } else if (!t.close && !t.empty) {
        inText = true
        textFrom = t.end
      }
    }
  }
  return out
}

const tooManyStrings = () =>
  new FileLimitError(
    `The workbook has too many shared strings (over ${STATEMENT_LIMITS.sharedStrings.toLocaleString('en-US')})`,
  )

const sheetPathOf = (files: Record<string, Uint8Array>, text: (name: string) => string | undefined) => {
  const workbook = text('xl/workbook.xml')
  let rid: string | undefined
  if (workbook)
    for (const t of tagsOf(workbook))
      if (local(t.name) === 'sheet' && !t.close) {
        rid = attrsOf(t.attrs).get('r:id')
        break
      }
  let target: string | undefined
  if (rid)
    for (const t of tagsOf(text('xl/_rels/workbook.xml.rels') ?? ''))
      if (local(t.name) === 'Relationship' && !t.close) {
        const a = attrsOf(t.attrs)
        if (a.get('Id') === rid) {
          target = a.get('Target')
          break
        }
      }
  const path = target ? (target.startsWith('/') ? target.slice(1) : `xl/${target}`) : undefined
  return path && files[path] ? path : 'xl/worksheets/sheet1.xml'
}

export const readXlsxRows = (bytes: Uint8Array): string[][] => {
  const L = STATEMENT_LIMITS
  const files = unzipParts(bytes)
  const text = (name: string) => (files[name] ? strFromU8(files[name]) : undefined)
  const sheet = text(sheetPathOf(files, text))
  if (!sheet) throw new XlsxError('The workbook has no sheet')
  const shared = sharedStrings(text('xl/sharedStrings.xml'))
  const dates = dateStyles(text('xl/styles.xml'))
  const rows: string[][] = []
  let cells: string[] | null = null
  let cell: { at: number; type: string; style: number } | null = null
  let v: string | undefined
  let inline = ''
  let textFrom = -1
  let textTag = ''
  for (const t of tagsOf(sheet)) {
    const name = local(t.name)
    if (name === 'row') {
      if (t.close) {
        if (cells) rows.push(cells)
        cells = null
        continue
      }
      const r = attrsOf(t.attrs).get('r')
      const rowNo = r === undefined ? rows.length + 1 : Number(r)
      // A row number is checked before the rows array grows to it.
      if (!Number.isInteger(rowNo) || rowNo < 1 || rowNo > 1_048_576)
        throw new XlsxError(`Row number ${String(r).slice(0, 20)} is past the sheet's limits`)
      if (rowNo > L.rows)
        throw new FileLimitError(
          `The sheet has too many rows (row ${rowNo}; at most ${L.rows.toLocaleString('en-US')})`,
        )
      if (cells) throw new XlsxError(MALFORMED)
      if (rowNo <= rows.length) throw new XlsxError(`Row ${rowNo} comes after a later row`)
      while (rows.length < rowNo - 1) rows.push([])
      if (t.empty) rows.push([])
      else cells = []
    } else if (name === 'c' && cells) {
      if (t.close) {
        if (cell) {
          const value = cellValue(cell, v, inline, shared, dates)
          while (cells.length < cell.at) cells.push('')
          cells[cell.at] = value
        }
        cell = null
        continue
      }
      const a = attrsOf(t.attrs)
      const ref = a.get('r')
      const at = ref === undefined ? cells.length : columnOf(ref)
      if (at === null) throw new XlsxError(`Cell reference ${ref?.slice(0, 20)} is past the sheet's limits`)
      if (at >= L.columns) throw new FileLimitError(`The sheet has too many columns (at most ${L.columns})`)
      const c = { at, type: a.get('t') ?? 'n', style: Number(a.get('s') ?? 0) }
      v = undefined
      inline = ''
      if (t.empty) {
        while (cells.length < c.at) cells.push('')
        cells[c.at] = ''
      } else cell = c
    } else if ((name === 'v' || name === 't') && cell) {
      if (!t.close && !t.empty) {
        textFrom = t.end
        textTag = name
      } else if (t.close && textFrom >= 0 && textTag === name) {
        const s = sheet.slice(textFrom, t.start)
        if (name === 'v') v = s
        else inline += decode(s)
        textFrom = -1
      } else if (t.empty && name === 'v') v = ''
    }
  }
  if (cells) throw new XlsxError(MALFORMED)
  return rows
}

const cellValue = (
  cell: { type: string; style: number },
  v: string | undefined,
  inline: string,
  shared: string[],
  dates: Set<number>,
) => {
  const { type } = cell
  if (type === 's') return shared[Number(v)] ?? ''
  if (type === 'inlineStr') return inline
  if (type === 'str' || type === 'e') return decode(v ?? '')
  if (type === 'b') return v === '1' ? 'TRUE' : 'FALSE'
  if (v === undefined || v === '') return ''
  const n = Number(v)
  // Amounts to the paisa: 0.1 + 0.2 stored as 0.30000000000000004 reads 0.3.
  return !Number.isFinite(n) ? v : dates.has(cell.style) ? serialDay(n) : String(Math.round(n * 100) / 100)
}
