import { strFromU8, unzipSync } from 'fflate'

/**
 * The first sheet of an XLSX file as rows of text (decision 063), read with fflate (already a
 * dependency) and the sheet's XML: shared and inline strings, numbers (to the paisa), and cells
 * whose style is a date format as yyyy-mm-dd. Enough for a bank's statement export; formulas
 * are read by their cached values.
 */

const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const k = e.toLowerCase()
    if (k === 'amp') return '&'
    if (k === 'lt') return '<'
    if (k === 'gt') return '>'
    if (k === 'quot') return '"'
    if (k === 'apos') return "'"
    return String.fromCodePoint(k.startsWith('#x') ? Number.parseInt(k.slice(2), 16) : Number(k.slice(1)))
  })

/** The text of every <t> in an element (a rich-text string has several runs). */
const textOf = (xml: string) => {
  let out = ''
  for (const m of xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)) out += decode(m[1] ?? '')
  return out
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]

/** Built-in number formats that are dates (ECMA-376 18.8.30). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 22, 27, 30, 36, 50, 57])

const dateStyles = (styles: string | undefined): Set<number> => {
  const out = new Set<number>()
  if (!styles) return out
  const custom = new Map<number, string>()
  for (const m of styles.matchAll(/<numFmt\s[^>]*>/g))
    custom.set(Number(attr(m[0], 'numFmtId')), decode(attr(m[0], 'formatCode') ?? ''))
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? ''
  let i = 0
  for (const m of xfs.matchAll(/<xf\s[^>]*?\/?>/g)) {
    const id = Number(attr(m[0], 'numFmtId') ?? 0)
    const code = (custom.get(id) ?? '').replace(/"[^"]*"|\[[^\]]*\]/g, '')
    if (DATE_FORMAT_IDS.has(id) || /[dy]/i.test(code)) out.add(i)
    i++
  }
  return out
}

const columnIndex = (ref: string) => {
  let n = 0
  for (const ch of ref.replace(/\d+$/, '')) n = n * 26 + (ch.charCodeAt(0) - 64)
  return n - 1
}

/** An Excel day serial (1900 system) as yyyy-mm-dd. */
const serialDay = (serial: number) =>
  new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000).toISOString().slice(0, 10)

/** Whether bytes look like a zip (an XLSX file). */
export const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b

export class XlsxError extends Error {}

export const readXlsxRows = (bytes: Uint8Array): string[][] => {
  let files: Record<string, Uint8Array>
  try {
    files = unzipSync(bytes, { filter: (f) => f.name.startsWith('xl/') })
  } catch {
    throw new XlsxError('The file is not a readable XLSX workbook')
  }
  const text = (name: string) => (files[name] ? strFromU8(files[name]) : undefined)
  const workbook = text('xl/workbook.xml')
  const rels = text('xl/_rels/workbook.xml.rels') ?? ''
  const firstSheetRel = workbook ? attr(/<sheet\s[^>]*>/.exec(workbook)?.[0] ?? '', 'r:id') : undefined
  const relTag = firstSheetRel
    ? [...rels.matchAll(/<Relationship\s[^>]*>/g)].find((m) => attr(m[0], 'Id') === firstSheetRel)?.[0]
    : undefined
  const target = relTag ? attr(relTag, 'Target') : undefined
  const sheetPath = target
    ? target.startsWith('/')
      ? target.slice(1)
      : `xl/${target}`
    : 'xl/worksheets/sheet1.xml'
  const sheet = text(sheetPath) ?? text('xl/worksheets/sheet1.xml')
  if (!sheet) throw new XlsxError('The workbook has no sheet')
  const shared = [...(text('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    textOf(m[1] ?? ''),
  )
  const dates = dateStyles(text('xl/styles.xml'))
  const rows: string[][] = []
  for (const r of sheet.matchAll(/<row\b([^>]*)>([\s\S]*?)<\/row>|<row\b([^>]*)\/>/g)) {
    const rowNo = Number(attr(r[1] ?? r[3] ?? '', 'r') ?? rows.length + 1)
    const cells: string[] = []
    for (const c of (r[2] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const tag = c[1] ?? ''
      const body = c[2] ?? ''
      const ref = attr(` ${tag}`, 'r')
      const at = ref ? columnIndex(ref) : cells.length
      const type = attr(` ${tag}`, 't') ?? 'n'
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1]
      let value = ''
      if (type === 's') value = shared[Number(v)] ?? ''
      else if (type === 'inlineStr') value = textOf(body)
      else if (type === 'str' || type === 'e') value = decode(v ?? '')
      else if (type === 'b') value = v === '1' ? 'TRUE' : 'FALSE'
      else if (v !== undefined && v !== '') {
        const n = Number(v)
        const style = Number(attr(` ${tag}`, 's') ?? 0)
        // Amounts to the paisa: 0.1 + 0.2 stored as 0.30000000000000004 reads 0.3.
        value = !Number.isFinite(n) ? v : dates.has(style) ? serialDay(n) : String(Math.round(n * 100) / 100)
      }
      while (cells.length < at) cells.push('')
      cells[at] = value
    }
    while (rows.length < rowNo - 1) rows.push([])
    rows.push(cells)
  }
  return rows
}
