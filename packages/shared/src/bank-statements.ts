import { z } from 'zod'
import { isIsoDate } from './dates.ts'
import { MAX_ID } from './fields.ts'
import { MessageAnswer } from './records/answer-schemas.ts'

export {
  CsvLimitError,
  type CsvLimits,
  parseCsv,
  STATEMENT_FILE_MAX_BYTES,
  STATEMENT_FILE_TOO_LARGE,
} from './csv.ts'

/**
 * Bank statements (issue 24 items 1-2, decision 063): the mapping that reads a bank's CSV or XLSX,
 * the pure reader that turns the file's rows into statement lines (also used by the web's mapping
 * step), and the answers of the reconciliation calls.
 */

/** Date layouts Pakistani banks' internet banking exports use. MMM is a month's English short name. */
export const STATEMENT_DATE_FORMATS = [
  'dd/mm/yyyy',
  'dd-mm-yyyy',
  'dd.mm.yyyy',
  'dd-MMM-yy',
  'dd-MMM-yyyy',
  'dd MMM yyyy',
  'yyyy-mm-dd',
  'mm/dd/yyyy',
] as const
export type StatementDateFormat = (typeof STATEMENT_DATE_FORMATS)[number]

const column = z.string().trim().min(1, 'Choose a column').max(200)
const optionalColumn = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => v || null)

/**
 * Which column (by its header text, case and spacing ignored) holds what. Money in one signed
 * column (`amount`: positive in, negative out) or in two (`debit` out, `credit` in).
 */
export const StatementMapping = z
  .object({
    header_row: z.number().int().min(1).max(50).default(1),
    date: column,
    date_format: z.enum(STATEMENT_DATE_FORMATS, { error: 'Choose a date format' }),
    narration: column,
    reference: optionalColumn,
    amount_style: z.enum(['debit_credit', 'signed'], { error: 'Choose how amounts are given' }),
    debit: optionalColumn,
    credit: optionalColumn,
    amount: optionalColumn,
    balance: optionalColumn,
  })
  .superRefine((m, ctx) => {
    if (m.amount_style === 'signed' && !m.amount)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Choose the amount column' })
    if (m.amount_style === 'debit_credit') {
      if (!m.debit) ctx.addIssue({ code: 'custom', path: ['debit'], message: 'Choose the debit column' })
      if (!m.credit) ctx.addIssue({ code: 'custom', path: ['credit'], message: 'Choose the credit column' })
    }
  })
export type StatementMapping = z.output<typeof StatementMapping>
export type StatementMappingInput = z.input<typeof StatementMapping>

/** JSON form of an import or a preview: the file's text (CSV) or its bytes in base64 (XLSX). */
export const StatementFileBody = z.object({
  csv: z.string().max(5_000_000).optional(),
  xlsx_base64: z.string().max(7_000_000).optional(),
  file_name: z.string().max(200).optional(),
  mapping: StatementMapping.optional(),
})

export const StatementMatchBody = z.object({
  statement_line_ids: z
    .array(z.number().int().positive())
    .min(1, 'Choose at least one statement line')
    .max(500),
  posting_line_ids: z
    .array(z.number().int().positive().max(MAX_ID))
    .min(1, 'Choose at least one book line')
    .max(500),
})

export const MatchConfirmBody = z.object({
  match_ids: z.array(z.number().int().positive().max(MAX_ID)).min(1, 'Choose at least one match').max(5000),
})

/**
 * What an unmatched statement line is posted as (decision 064): `charge` (money out) and
 * `profit` (money in) are Office Accounts entries of the bank; `agent` is an Agent entry paid
 * into the bank (money in); `vendor` a Vendor payment from the bank (money out).
 */
export const STATEMENT_POST_KINDS = ['charge', 'profit', 'agent', 'vendor'] as const
export type StatementPostKind = (typeof STATEMENT_POST_KINDS)[number]
export const StatementPostBody = z
  .object({
    kind: z.enum(STATEMENT_POST_KINDS, { error: 'Choose what this line is' }),
    /** The agent or vendor, for those kinds. */
    name: z.string().trim().max(100).optional(),
    /** Detail of the record; the statement's narration when empty. */
    detail: z.string().trim().max(500).optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.kind === 'agent' || b.kind === 'vendor') && !b.name)
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: b.kind === 'agent' ? 'Agent name is required' : 'Vendor name is required',
      })
  })
export type StatementPostBody = z.output<typeof StatementPostBody>

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid date format (yyyy-MM-dd)')
  .refine(isIsoDate, 'Invalid date values')

export const ReconciliationQuery = z.object({ as_of: isoDay.optional() })
/** `from`, `to` (days) and `status` of the statement and book line lists. */
export const BankLinesQuery = z.object({
  from: isoDay.optional(),
  to: isoDay.optional(),
  status: z
    .enum(['all', 'matched', 'unmatched'], { error: 'Status is all, matched or unmatched' })
    .optional(),
})
export const ReconciliationReportQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be yyyy-mm'),
})

// ---- Answers (declared on the routes for /api/docs; shapes in decision 063) ----

export type Direction = 'in' | 'out'

export interface StatementLine {
  id: number
  import_id: number
  /** The file's row number (1 = first row of the file). */
  row: number
  date: string
  narration: string
  reference: string
  amount: number
  direction: Direction
  balance: number | null
  match_id: number | null
  match_kind: 'auto' | 'manual' | null
  confirmed: boolean
}

export interface StatementImport {
  id: number
  file_name: string
  /** Lines read from the file; `added` of them were new (the rest were already imported). */
  lines: number
  added: number
  created_at: string
  /** The balances the file printed on rows of their own (rupees), else null (issue 37). */
  opening_balance: number | null
  closing_balance: number | null
}

/**
 * The statement's opening against the books (decision 096): the earliest statement's printed
 * opening on its first day, the books' balance before that day, and the gap an opening entry
 * dated `entry_date` (the day before) would close. Rupees.
 */
export interface StatementOpening {
  day: string
  entry_date: string
  statement: number
  books: number
  difference: number
}

export interface BookLine {
  /** The posting line's id. */
  id: number
  date: string
  entry: string
  detail: string
  amount: number
  direction: Direction
  source_type: string
  source_id: number
  match_id: number | null
}

/** A bank's reconciliation to a day (decision 063): the books against the statement, and what differs. */
export interface Reconciliation {
  as_of: string
  start: string | null
  book_balance: number
  statement_balance: number
  outstanding_deposits: BookLine[]
  outstanding_payments: BookLine[]
  unmatched_statement: StatementLine[]
  difference: number
  /** Null when no statement prints an opening balance. */
  opening: StatementOpening | null
}

export interface BankMatch {
  id: number
  kind: 'auto' | 'manual'
  confirmed: boolean
  direction: Direction
  amount: number
  statement_line_ids: number[]
  posting_line_ids: number[]
}

const success = <S extends z.ZodRawShape>(shape: S) => z.object({ status: z.literal('success'), ...shape })
const loose = (d: string) => z.looseObject({ id: z.number().int() }).describe(d)
const rupees = z.number()

export const StatementMappingAnswer = success({ mapping: StatementMapping.nullable() })
export const StatementMappingSavedAnswer = MessageAnswer.extend({ mapping: StatementMapping })
export const StatementPreviewAnswer = success({
  file_name: z.string(),
  /** Every row read (CSV or the first sheet), as text; dates in XLSX cells as yyyy-mm-dd. */
  rows_total: z.number().int(),
  /** The first 20 rows of the file, as text. */
  rows: z.array(z.array(z.string())),
  /** The header row's cells under the saved (or guessed) mapping's header_row. */
  columns: z.array(z.string()),
  /** The saved mapping of this bank, else one guessed from the header names; null when nothing fits. */
  mapping: StatementMapping.nullable(),
  saved: z.boolean(),
})
const OpeningAnswer = z
  .object({
    day: z.string(),
    entry_date: z.string(),
    statement: rupees,
    books: rupees,
    difference: rupees,
  })
  .nullable()
export const StatementImportAnswer = MessageAnswer.extend({
  import_id: z.number().int(),
  /** The opening and closing balances the file printed, rupees (null: none printed). */
  opening_balance: rupees.nullable(),
  closing_balance: rupees.nullable(),
  lines: z.number().int(),
  duplicates: z.number().int(),
  matched: z.number().int(),
  unmatched: z.number().int(),
})
export const StatementImportsAnswer = success({ imports: z.array(loose('StatementImport')) })
export const StatementLinesAnswer = success({ lines: z.array(loose('StatementLine')) })
export const BookLinesAnswer = success({ lines: z.array(loose('BookLine')) })
export const BankMatchesAnswer = success({ matches: z.array(loose('BankMatch')) })
export const BankMatchSavedAnswer = MessageAnswer.extend({ match: loose('BankMatch') })
export const MatchesConfirmedAnswer = MessageAnswer.extend({ confirmed: z.number().int() })
export const AutoMatchAnswer = MessageAnswer.extend({
  matched: z.number().int(),
  unmatched: z.number().int(),
})
export const StatementLinePostedAnswer = MessageAnswer.extend({
  record: z.object({ table: z.string(), id: z.number().int(), entry: z.string() }),
  match: loose('BankMatch'),
})
/** Every bank's reconciliation in one line, for the month-end list (decision 063). */
export const BankReconciliationsAnswer = success({
  as_of: z.string(),
  banks: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      active: z.boolean(),
      /** The first statement day; null: no statement imported yet. */
      start: z.string().nullable(),
      /** The last statement day on or before as_of; null when none. */
      statement_to: z.string().nullable(),
      unmatched_statement: z.number().int(),
      outstanding: z.number().int(),
      unconfirmed_matches: z.number().int(),
      difference: rupees,
    }),
  ),
})
export const ReconciliationAnswer = success({
  bank: z.object({ id: z.number().int(), name: z.string() }),
  as_of: z.string(),
  /** The first statement line's day: book lines before it count as cleared (decision 063). */
  start: z.string().nullable(),
  book_balance: rupees,
  statement_balance: rupees,
  outstanding_deposits: z.array(loose('BookLine')),
  outstanding_payments: z.array(loose('BookLine')),
  unmatched_statement: z.array(loose('StatementLine')),
  difference: rupees,
  opening: OpeningAnswer,
})
export const OpeningEntryAnswer = MessageAnswer.extend({
  record: z.object({ table: z.string(), id: z.number().int(), entry: z.string() }),
  opening: OpeningAnswer,
})
export const ImportUndoneAnswer = MessageAnswer.extend({
  lines: z.number().int(),
  matches: z.number().int(),
})

// ---- The reader ----

/** A statement line as read from a file, before it is stored. Amount in paisa, always positive. */
export interface ReadLine {
  row: number
  date: string
  narration: string
  reference: string
  paisa: number
  direction: Direction
  balance_paisa: number | null
}

export interface ReadError {
  row: number
  column: string
  message: string
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
const pad = (n: number) => String(n).padStart(2, '0')

/** A date text in `format` to yyyy-mm-dd, or null when it is not one. Two-digit years are 20yy. */
export const readStatementDate = (text: string, format: StatementDateFormat): string | null => {
  const t = text.trim()
  let d: number
  let m: number
  let y: number
  const num = (s: string | undefined) => Number(s)
  if (format === 'yyyy-mm-dd') {
    const r = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t)
    if (!r) return null
    ;[y, m, d] = [num(r[1]), num(r[2]), num(r[3])]
  } else if (format === 'dd-MMM-yy' || format === 'dd-MMM-yyyy' || format === 'dd MMM yyyy') {
    const r = /^(\d{1,2})[- ]([A-Za-z]{3})[- ](\d{2}|\d{4})$/.exec(t)
    if (!r) return null
    const yearDigits = format === 'dd-MMM-yy' ? 2 : 4
    if (r[3]?.length !== yearDigits) return null
    d = num(r[1])
    m = MONTHS.indexOf(String(r[2]).toLowerCase()) + 1
    y = yearDigits === 2 ? 2000 + num(r[3]) : num(r[3])
  } else {
    const sep = format === 'dd-mm-yyyy' ? '-' : format === 'dd.mm.yyyy' ? '\\.' : '/'
    const r = new RegExp(`^(\\d{1,2})${sep}(\\d{1,2})${sep}(\\d{4})$`).exec(t)
    if (!r) return null
    ;[d, m, y] =
      format === 'mm/dd/yyyy' ? [num(r[2]), num(r[1]), num(r[3])] : [num(r[1]), num(r[2]), num(r[3])]
  }
  if (m < 1 || m > 12 || d < 1 || d > 31) return null
  const iso = `${y}-${pad(m)}-${pad(d)}`
  const check = new Date(`${iso}T00:00:00Z`)
  return !Number.isNaN(check.getTime()) && check.toISOString().slice(0, 10) === iso ? iso : null
}

/**
 * An amount text to signed paisa, or null when it is not one. Accepts thousands separators,
 * "Rs"/"PKR", brackets or a trailing "-" for negatives, and a trailing Dr (negative) or Cr.
 * Empty is 0.
 */
export const readStatementAmount = (text: string): number | null => {
  let t = text
    .trim()
    .replace(/^(rs\.?|pkr)\s*/i, '')
    .replace(/,/g, '')
    .replace(/\s+/g, '')
  if (t === '' || t === '-') return 0
  let sign = 1
  const drcr = /(dr|cr)\.?$/i.exec(t)
  if (drcr) {
    if (drcr[1]?.toLowerCase() === 'dr') sign = -1
    t = t.slice(0, drcr.index)
  }
  if (/^\(.*\)$/.test(t)) {
    sign = -sign
    t = t.slice(1, -1)
  } else if (t.endsWith('-')) {
    sign = -sign
    t = t.slice(0, -1)
  }
  if (t.startsWith('-')) {
    sign = -sign
    t = t.slice(1)
  } else if (t.startsWith('+')) t = t.slice(1)
  if (!/^(\d+(\.\d{0,2})?|\.\d{1,2})$/.test(t)) return null
  const [whole = '0', frac = ''] = t.split('.')
  const paisa = Number(whole || '0') * 100 + Number(frac.padEnd(2, '0') || '0')
  if (!Number.isSafeInteger(paisa) || paisa > 99_999_999_999) return null
  return sign * paisa
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase()

/** The header row's cells, and where each mapped column is in it. */
const locate = (
  rows: readonly string[][],
  m: StatementMapping,
): { at: Record<string, number> } | ReadError => {
  const header = rows[m.header_row - 1] ?? []
  const names = header.map(norm)
  const at: Record<string, number> = {}
  const wanted: Array<[string, string | null]> = [
    ['date', m.date],
    ['narration', m.narration],
    ['reference', m.reference],
    ['debit', m.amount_style === 'debit_credit' ? m.debit : null],
    ['credit', m.amount_style === 'debit_credit' ? m.credit : null],
    ['amount', m.amount_style === 'signed' ? m.amount : null],
    ['balance', m.balance],
  ]
  for (const [key, name] of wanted) {
    if (!name) continue
    const i = names.indexOf(norm(name))
    if (i < 0)
      return { row: m.header_row, column: name, message: `Row ${m.header_row} has no column "${name}"` }
    at[key] = i
  }
  return { at }
}

/** A balance the statement prints on a row of its own (its opening or its closing), in paisa. */
export interface ReadBalance {
  row: number
  /** The row's day when it has one, else null. */
  date: string | null
  paisa: number
}

/**
 * Rows a bank prints around its transactions (issue 37): an opening balance, totals, a closing
 * balance. Recognised by a cell that says only that (case, spacing and a trailing colon ignored).
 */
const SUMMARY_ROWS: Array<[RegExp, 'opening' | 'total' | 'closing']> = [
  [
    /^(opening( balance)?|balance (b\/f|brought forward)|b\/f( balance)?|brought forward|balance at start)$/,
    'opening',
  ],
  [
    /^(closing( balance)?|balance (c\/f|carried forward)|c\/f( balance)?|carried forward|balance at end)$/,
    'closing',
  ],
  [/^(grand )?totals?( (amount|debits?( ?\/ ?credits?)?|credits?|transactions))?$/, 'total'],
]

const summaryOf = (r: readonly string[]) => {
  for (const c of r) {
    const text = norm(String(c)).replace(/[:.]+$/, '')
    if (text === '') continue
    const hit = SUMMARY_ROWS.find(([re]) => re.test(text))
    if (hit) return hit[1]
  }
  return null
}

/**
 * The file's rows read with a mapping: every row under the header that has any cell filled,
 * or the first row and column it cannot read (nothing is half-read). Skipped: blank rows, rows
 * with no money and no date (notes, a bank's footer), and the bank's own summary rows (issue 37):
 * its opening and closing balances are kept aside (the opening is offered as the bank's opening
 * entry), and when both are printed the lines must add up from one to the other. `step` is called
 * before each row (a worker gives way to other threads there).
 */
export const readStatement = (
  rows: readonly string[][],
  m: StatementMapping,
  step?: () => void,
): { lines: ReadLine[]; opening: ReadBalance | null; closing: ReadBalance | null } | { error: ReadError } => {
  const found = locate(rows, m)
  if ('message' in found) return { error: found }
  const { at } = found
  const header = rows[m.header_row - 1] ?? []
  const name = (key: string) => String(header[at[key] ?? -1] ?? key).trim()
  const cell = (r: readonly string[], key: string) =>
    at[key] === undefined ? '' : String(r[at[key]] ?? '').trim()
  const dayOf = (text: string) =>
    readStatementDate(text, m.date_format) ??
    // An XLSX date cell arrives as yyyy-mm-dd whatever the bank prints; that form is never ambiguous.
    (/^\d{4}-\d{2}-\d{2}$/.test(text) ? readStatementDate(text, 'yyyy-mm-dd') : null)
  const lines: ReadLine[] = []
  let opening: ReadBalance | null = null
  let closing: ReadBalance | null = null
  for (let i = m.header_row; i < rows.length; i++) {
    step?.()
    const r = rows[i] ?? []
    const rowNo = i + 1
    if (r.every((c) => String(c).trim() === '')) continue
    const bad = (key: string, what: string): { error: ReadError } => ({
      error: {
        row: rowNo,
        column: name(key),
        message: `Row ${rowNo}, column "${name(key)}": ${what}`,
      },
    })
    const summary = summaryOf(r)
    if (summary === 'total') continue
    if (summary) {
      // The balance column, else the row's last cell that reads as a non-zero amount.
      const printed = cell(r, 'balance')
      const amounts = r.map((c) => String(c).trim()).filter((c) => c !== '' && !dayOf(c))
      const text =
        printed !== '' ? printed : ([...amounts].reverse().find((c) => readStatementAmount(c)) ?? '')
      const paisa = readStatementAmount(text)
      if (paisa === null) return bad('balance', `"${text}" is not an amount`)
      const balance = { row: rowNo, date: dayOf(cell(r, 'date')), paisa }
      if (summary === 'opening') opening ??= balance
      else closing = balance
      continue
    }
    const amountOf = (key: string) => readStatementAmount(cell(r, key))
    let signed: number
    if (m.amount_style === 'signed') {
      const v = amountOf('amount')
      if (v === null) return bad('amount', `"${cell(r, 'amount')}" is not an amount`)
      signed = v
    } else {
      const debit = amountOf('debit')
      if (debit === null) return bad('debit', `"${cell(r, 'debit')}" is not an amount`)
      const credit = amountOf('credit')
      if (credit === null) return bad('credit', `"${cell(r, 'credit')}" is not an amount`)
      if (debit !== 0 && credit !== 0) return bad('credit', 'a line has either a debit or a credit, not both')
      // Some banks print withdrawals as negative numbers in the debit column; the column says the side.
      signed = Math.abs(credit) - Math.abs(debit)
    }
    const dateText = cell(r, 'date')
    if (dateText === '' && signed === 0) continue
    const date = dayOf(dateText)
    // A row with no money whose date cell is not a date is a note (a footer), not a transaction.
    if (!date && signed === 0 && cell(r, 'balance') === '') continue
    if (!date) return bad('date', `"${dateText}" is not a date in the format ${m.date_format}`)
    if (signed === 0) return bad(m.amount_style === 'signed' ? 'amount' : 'credit', 'the line has no amount')
    let balance: number | null = null
    if (at.balance !== undefined && cell(r, 'balance') !== '') {
      balance = readStatementAmount(cell(r, 'balance'))
      if (balance === null) return bad('balance', `"${cell(r, 'balance')}" is not an amount`)
    }
    lines.push({
      row: rowNo,
      date,
      narration: cell(r, 'narration').slice(0, 500),
      reference: cell(r, 'reference').slice(0, 100),
      paisa: Math.abs(signed),
      direction: signed > 0 ? 'in' : 'out',
      balance_paisa: balance,
    })
  }
  if (lines.length === 0)
    return {
      error: { row: m.header_row + 1, column: name('date'), message: 'The file has no statement lines' },
    }
  if (opening && closing) {
    const moved = lines.reduce((a, l) => a + (l.direction === 'in' ? l.paisa : -l.paisa), 0)
    if (opening.paisa + moved !== closing.paisa) {
      const rs = (p: number) => (p / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })
      const message = `The lines do not add up from the opening balance (${rs(opening.paisa)}) to the closing balance (${rs(closing.paisa)}): check the debit and credit columns`
      return { error: { row: closing.row, column: name('balance'), message } }
    }
  }
  return { lines, opening, closing }
}

/**
 * Each line's identity (decision 063): day, direction, amount, reference (else narration), and how
 * many lines before it in the same file had the same; so the same file, or an overlapping one,
 * adds nothing twice, while two equal charges on one day stay two lines.
 */
export const statementLineKeys = (lines: readonly ReadLine[], step?: () => void): string[] => {
  const seen = new Map<string, number>()
  return lines.map((l) => {
    step?.()
    const base = `${l.date}|${l.direction}|${l.paisa}|${norm(l.reference || l.narration)}`
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    return `${base}|${n}`
  })
}

/** A mapping guessed from common header names, for the first import of a bank; null when it cannot tell. */
export const guessStatementMapping = (header: readonly string[]): StatementMapping | null => {
  const names = header.map((h) => String(h).trim())
  const find = (...patterns: RegExp[]) => names.find((n) => patterns.some((p) => p.test(n))) ?? null
  const date = find(/^(txn |transaction |value |posting )?date$/i, /date/i)
  const narration = find(/narration|description|particulars|details|remarks/i)
  const reference = find(/cheque|chq|reference|ref\b|instrument/i)
  const debit = find(/^debit|withdrawal/i)
  const credit = find(/^credit|deposit/i)
  const amount = find(/^amount/i)
  const balance = find(/balance/i)
  if (!date || !narration) return null
  const base = { header_row: 1, date, date_format: 'dd/mm/yyyy' as const, narration, reference, balance }
  if (debit && credit)
    return { ...base, amount_style: 'debit_credit', debit, credit, amount: null } as StatementMapping
  if (amount)
    return { ...base, amount_style: 'signed', debit: null, credit: null, amount } as StatementMapping
  return null
}

/**
 * A first import's mapping guessed from the file itself: the first of its top ten rows whose
 * cells read as a header (guessStatementMapping), and the first date layout every one of the next
 * ten date cells reads in (day before month when both would).
 */
export const guessStatementLayout = (rows: readonly string[][]): StatementMapping | null => {
  for (let i = 0; i < Math.min(rows.length, 10); i++) {
    const header = rows[i] ?? []
    const m = guessStatementMapping(header)
    if (!m) continue
    const at = header.map(norm).indexOf(norm(m.date))
    const samples = rows
      .slice(i + 1, i + 11)
      .map((r) => String(r[at] ?? '').trim())
      .filter(Boolean)
    const format =
      STATEMENT_DATE_FORMATS.find(
        (f) => samples.length > 0 && samples.every((s) => readStatementDate(s, f)),
      ) ?? 'dd/mm/yyyy'
    return { ...m, header_row: i + 1, date_format: format }
  }
  return null
}
