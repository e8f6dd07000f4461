import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  guessStatementLayout,
  guessStatementMapping,
  parseCsv,
  readStatement,
  readStatementAmount,
  readStatementDate,
  StatementMapping,
  statementLineKeys,
} from './bank-statements.ts'

/** Date, narration and one signed amount column. */
const SIGNED = StatementMapping.parse({
  date: 'Date',
  date_format: 'dd/mm/yyyy',
  narration: 'Narration',
  amount_style: 'signed',
  amount: 'Amount',
})

describe('bank statement reader', () => {
  it('reads each date layout, and refuses days that do not exist', () => {
    expect(readStatementDate('05/11/2026', 'dd/mm/yyyy')).toBe('2026-11-05')
    expect(readStatementDate('5-11-2026', 'dd-mm-yyyy')).toBe('2026-11-05')
    expect(readStatementDate('05.11.2026', 'dd.mm.yyyy')).toBe('2026-11-05')
    expect(readStatementDate('05-Nov-26', 'dd-MMM-yy')).toBe('2026-11-05')
    expect(readStatementDate('05-NOV-2026', 'dd-MMM-yyyy')).toBe('2026-11-05')
    expect(readStatementDate('05 Nov 2026', 'dd MMM yyyy')).toBe('2026-11-05')
    expect(readStatementDate('2026-11-05', 'yyyy-mm-dd')).toBe('2026-11-05')
    expect(readStatementDate('11/05/2026', 'mm/dd/yyyy')).toBe('2026-11-05')
    expect(readStatementDate('29/02/2026', 'dd/mm/yyyy')).toBeNull()
    expect(readStatementDate('29/02/2028', 'dd/mm/yyyy')).toBe('2028-02-29')
    expect(readStatementDate('05-Nov-2026', 'dd-MMM-yy')).toBeNull()
    expect(readStatementDate('05-Xyz-26', 'dd-MMM-yy')).toBeNull()
    expect(readStatementDate('2026-11-05', 'dd/mm/yyyy')).toBeNull()
  })

  it('reads amounts to the paisa: separators, brackets, trailing minus, Dr and Cr', () => {
    expect(readStatementAmount('1,250.50')).toBe(125_050)
    expect(readStatementAmount('Rs. 1,250')).toBe(125_000)
    expect(readStatementAmount('(350.00)')).toBe(-35_000)
    expect(readStatementAmount('350.00-')).toBe(-35_000)
    expect(readStatementAmount('-0.05')).toBe(-5)
    expect(readStatementAmount('2,000.00 Dr')).toBe(-200_000)
    expect(readStatementAmount('2,000.00 Cr')).toBe(200_000)
    expect(readStatementAmount('')).toBe(0)
    expect(readStatementAmount('1O.00')).toBeNull()
    expect(readStatementAmount('1.005')).toBeNull()
  })

  it('splits CSV with quotes, semicolons and a title line', () => {
    expect(parseCsv('\uFEFFa,"b, c","say ""hi"""\r\n1,2,3')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['1', '2', '3'],
    ])
    expect(parseCsv('Statement of account\nDate;Amount\n01/11/2026;"1,000.00"\n')).toEqual([
      ['Statement of account'],
      ['Date', 'Amount'],
      ['01/11/2026', '1,000.00'],
    ])
  })

  it('gives equal lines of one file their own identity, and the same file the same identities', () => {
    const m = SIGNED
    const rows = parseCsv('Date,Narration,Amount\n01/11/2026,SMS charges,-15\n01/11/2026,SMS charges,-15\n')
    const read = readStatement(rows, m)
    if ('error' in read) throw new Error(read.error.message)
    const keys = statementLineKeys(read.lines)
    expect(new Set(keys).size).toBe(2)
    const again = readStatement(rows, m)
    expect('lines' in again && statementLineKeys(again.lines)).toEqual(keys)
  })

  it('calls the reading worker step once per row, line and identity, and reads the same with it', () => {
    const m = SIGNED
    const text = 'Date,Narration,Amount\n01/11/2026,Fee,-15\n\n02/11/2026,Deposit,"1,000"\n'
    const calls = { csv: 0, read: 0, keys: 0 }
    const rows = parseCsv(text, undefined, () => calls.csv++)
    expect(rows).toEqual(parseCsv(text))
    expect(calls.csv).toBe(rows.length)
    const read = readStatement(rows, m, () => calls.read++)
    expect(read).toEqual(readStatement(rows, m))
    if ('error' in read) throw new Error(read.error.message)
    // Every row under the header, the blank one too (it is skipped after its step).
    expect(calls.read).toBe(rows.length - 1)
    expect(statementLineKeys(read.lines, () => calls.keys++)).toEqual(statementLineKeys(read.lines))
    expect(calls.keys).toBe(2)
  })

  it('guesses a mapping from common headers', () => {
    expect(
      guessStatementMapping(['Txn Date', 'Description', 'Cheque No', 'Debit', 'Credit', 'Balance']),
    ).toMatchObject({
      date: 'Txn Date',
      narration: 'Description',
      reference: 'Cheque No',
      amount_style: 'debit_credit',
      debit: 'Debit',
      credit: 'Credit',
      balance: 'Balance',
    })
    expect(guessStatementMapping(['Foo', 'Bar'])).toBeNull()
  })

  it('guesses the header row and the date layout from the file', () => {
    const rows = parseCsv(
      [
        'Statement of Account 01-Nov-26 to 30-Nov-26',
        'Date;Particulars;Instrument #;Amount (PKR);Running Balance',
        '04-Nov-26;Inward IBFT;;125000;125000',
        '13-Nov-26;Excise duty;;-350;124650',
      ].join('\n'),
    )
    expect(guessStatementLayout(rows)).toMatchObject({
      header_row: 2,
      date: 'Date',
      date_format: 'dd-MMM-yy',
      narration: 'Particulars',
      reference: 'Instrument #',
      amount_style: 'signed',
      amount: 'Amount (PKR)',
      balance: 'Running Balance',
    })
    const us = parseCsv('Date,Description,Amount\n11/28/2026,Fee,-5\n12/01/2026,Fee,-5\n')
    expect(guessStatementLayout(us)?.date_format).toBe('mm/dd/yyyy')
    expect(guessStatementLayout([['just', 'text']])).toBeNull()
  })

  // Issue 37: files as banks export them read without editing; the summary rows are kept aside.
  // The HBL-style sample lives beside the repository (../shared, as in CI); BANK_FIXTURES overrides.
  const REPO = resolve(import.meta.dirname, '../../..')
  const SHARED = process.env.BANK_FIXTURES ?? join(REPO, '../shared/fixtures/bank-statements')
  const exported = (path: string) => {
    const rows = parseCsv(readFileSync(path, 'utf8'))
    const m = guessStatementLayout(rows)
    if (!m) throw new Error('no layout guessed')
    return { rows, m, read: readStatement(rows, m) }
  }

  it('reads an HBL-style export: title rows, opening, total and closing rows', () => {
    const { m, read } = exported(join(SHARED, 'hbl-style.csv'))
    expect(m).toMatchObject({ header_row: 7, date: 'Transaction Date', date_format: 'dd-MMM-yy' })
    if ('error' in read) throw new Error(read.error.message)
    expect(read.lines.map((l) => [l.row, l.direction, l.paisa])).toEqual([
      [9, 'in', 20_000_000],
      [10, 'in', 4_000_000],
      [11, 'in', 3_800_000],
      [12, 'in', 20_000_000],
      [13, 'out', 57_500],
    ])
    expect(read.opening).toEqual({ row: 8, date: '2026-11-28', paisa: 124_530_000 })
    expect(read.closing).toEqual({ row: 15, date: null, paisa: 172_272_500 })
  })

  it('reads a Meezan-style export: undated opening row, totals, closing and a footer note', () => {
    const { m, read } = exported(join(REPO, 'e2e/fixtures/bank-statements/meezan-style.csv'))
    expect(m).toMatchObject({
      header_row: 8,
      debit: 'Withdrawal',
      credit: 'Deposit',
      reference: 'Cheque/Ref No',
      date_format: 'dd/mm/yyyy',
    })
    if ('error' in read) throw new Error(read.error.message)
    expect(read.lines).toHaveLength(4)
    expect(read.opening).toEqual({ row: 9, date: null, paisa: 61_245_000 })
    expect(read.closing?.paisa).toBe(74_080_000)
  })

  it('refuses a file whose lines do not add up from its opening to its closing balance', () => {
    const rows = parseCsv(
      'Date,Narration,Debit,Credit,Balance\n,Opening Balance,,,100.00\n01/11/2026,Deposit,,50.00,150.00\n,Closing Balance,,,160.00\n',
    )
    const m = guessStatementLayout(rows)
    if (!m) throw new Error('no layout guessed')
    const read = readStatement(rows, m)
    expect('error' in read && read.error).toMatchObject({ row: 4, column: 'Balance' })
    expect('error' in read && read.error.message).toContain(
      'opening balance (100) to the closing balance (160)',
    )
  })
})
