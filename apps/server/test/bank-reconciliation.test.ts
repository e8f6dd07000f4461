import type { BankMatch, BookLine, StatementLine } from '@booking/shared'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { DB_KIND, type TestApp } from './harness.ts'
import { addNames, rowCount, setupTestApp } from './helpers.ts'
import { download, pdfText } from './paperwork-helpers.ts'
import { DEBIT_CREDIT_MAPPING } from './statement-mapping.ts'

/**
 * Issue 24 items 1-2 (decisions 063-064): a bank statement imported with a mapping, matched to the
 * books automatically and by hand, unexplained lines posted as records, the reconciliation.
 * The statements are written here, in the layouts two kinds of Pakistani internet banking export.
 */

const BANK = 'HBL Main'
const AGENTS = ['Alpha Travels', 'Bukhari Tours']
const VENDORS = ['Sky Fares', 'Gulf Visa Desk']

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`
const oct = (day: number) => `2026-10-${String(day).padStart(2, '0')}`
const money = (paisa: number) =>
  (paisa / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)

interface Planned {
  table: 'agent_entries' | 'vender_entries' | 'account_entries' | 'expenses'
  path: string
  body: Record<string, unknown>
  /** Paisa the bank moves: + in, − out; 0 for cash-only records. */
  bank: number
  date: string
  /** Where the statement shows it: a day, a reference, a narration; null = not cleared yet. */
  statement: { date: string; ref: string; narration: string } | null
  id?: number
}

/** The scripted month: 60 records (49 move the bank), 4 payments that have not cleared, 3 deposits the bank shows 2 days later. */
const plannedMonth = (): Planned[] => {
  const out: Planned[] = []
  // A payable first, so the vendor payments below pay something owed (cash-only: no bank line).
  out.push({
    table: 'vender_entries',
    path: '/api/vender',
    body: {
      vender_name: VENDORS[0],
      date: oct(1),
      detail: 'October fares payable',
      bank_title: 'Cash',
      credit: 2_000_000,
      debit: 0,
      withdraw: 0,
    },
    bank: 0,
    date: oct(1),
    statement: null,
  })
  for (let k = 0; k < 20; k++) {
    const day = 1 + k
    const amount = 1_500_000 + 111_100 * k
    const late = k === 3 || k === 8 || k === 13
    const agent = AGENTS[k % 2] as string
    out.push({
      table: 'agent_entries',
      path: '/api/agent',
      body: {
        agent_name: agent,
        date: oct(day),
        employee: 'admin',
        detail: `Deposit slip ${k}`,
        credit: amount / 100,
        debit: 0,
        paid_cash: 0,
        paid_bank: amount / 100,
        bank_title: BANK,
      },
      bank: amount,
      date: oct(day),
      statement: {
        date: oct(late ? day + 2 : day),
        ref: '',
        narration: `IBFT CR ${agent.toUpperCase()} ${k}`,
      },
    })
  }
  for (let k = 0; k < 20; k++) {
    // The cheque pair (k 4 and 5): same amount a day apart; only the cheque numbers tell them apart.
    const pair = k === 4 || k === 5
    const amount = pair ? 2_500_000 : 800_000 + 73_300 * k
    const day = pair ? 10 + (k - 4) : k >= 16 ? 11 + k : 1 + k
    const cheque = `0045${String(12 + k).padStart(2, '0')}`
    const vendor = VENDORS[k % 2] as string
    out.push({
      table: 'vender_entries',
      path: '/api/vender',
      body: {
        vender_name: vendor,
        date: oct(day),
        detail: `Cheque ${cheque}`,
        bank_title: BANK,
        credit: 0,
        debit: amount / 100,
        withdraw: 0,
      },
      bank: -amount,
      date: oct(day),
      // The last four (27-30 October) have not cleared; the pair clears the other way round.
      statement:
        k >= 16
          ? null
          : {
              date: oct(pair ? day + 1 : day),
              ref: cheque,
              narration: `CHQ PAID ${cheque} ${vendor.toUpperCase()}`,
            },
    })
  }
  for (let k = 0; k < 9; k++) {
    const amount = 300_000 + 9_700 * k
    const inward = k % 2 === 0
    out.push({
      table: 'account_entries',
      path: '/api/accounts',
      body: {
        bank_name: BANK,
        employee_name: 'admin',
        vendor_name: '',
        date: oct(3 + k * 3),
        detail: inward ? 'Owner cash deposited' : 'Owner drawings',
        credit: inward ? amount / 100 : 0,
        debit: inward ? 0 : amount / 100,
      },
      bank: inward ? amount : -amount,
      date: oct(3 + k * 3),
      statement: {
        date: oct(3 + k * 3),
        ref: '',
        narration: inward ? 'CASH DEPOSIT BRANCH 0412' : 'CASH WITHDRAWAL ATM',
      },
    })
  }
  for (let k = 0; k < 10; k++)
    out.push({
      table: 'expenses',
      path: '/api/expenses',
      body: {
        user_name: 'admin',
        date: oct(2 + k * 2),
        detail: `Office tea ${k}`,
        total_amount: 1500 + k,
        selection: 'OFFICE EXPENSE',
        withdraw: 1500 + k,
      },
      bank: 0,
      date: oct(2 + k * 2),
      statement: null,
    })
  return out
}

/** Five bank charges the books do not have; two equal ones on one day stay two lines. */
const CHARGES = [
  { date: oct(5), paisa: 15_000, narration: 'SMS ALERT CHARGES' },
  { date: oct(15), paisa: 57_550, narration: 'IBFT CHARGES INCL FED' },
  { date: oct(15), paisa: 57_550, narration: 'IBFT CHARGES INCL FED' },
  { date: oct(25), paisa: 120_000, narration: 'CHEQUE BOOK ISSUANCE' },
  { date: oct(31), paisa: 8_500, narration: 'WHT ON CASH WITHDRAWAL' },
]
const OPENING = 50_000_000

interface CsvLine {
  date: string
  ref: string
  narration: string
  signed: number
  /** The planned record it stands for; null for a bank charge. */
  record: Planned | null
}

/** Layout 1: debit and credit columns, dd/mm/yyyy, cheque number and running balance. */
const layoutOne = (lines: CsvLine[]) => {
  let balance = OPENING
  const rows = ['Txn Date,Value Date,Description,Cheque No,Debit,Credit,Balance']
  for (const l of lines) {
    balance += l.signed
    rows.push(
      [
        ddmmyyyy(l.date),
        ddmmyyyy(l.date),
        csvCell(l.narration),
        l.ref,
        l.signed < 0 ? csvCell(money(-l.signed)) : '',
        l.signed > 0 ? csvCell(money(l.signed)) : '',
        csvCell(money(balance)),
      ].join(','),
    )
  }
  return `${rows.join('\r\n')}\r\n`
}

const bankId = async (t: TestApp, name: string) => {
  const res = await t.call('admin', 'POST', '/api/admin/banks', { name })
  expect(res.status).toBe(201)
  return res.body.bank.id as number
}

describe(`bank statements and reconciliation (${DB_KIND})`, () => {
  const t = setupTestApp((t) => addNames(t, { agents: AGENTS, vendors: VENDORS }))

  it('the scripted month: exact automatic pairs, charges posted to difference 0, the same file again adds nothing', async () => {
    const id = await bankId(t, BANK)
    const opening = await t.call('admin', 'POST', '/api/accounts', {
      bank_name: BANK,
      employee_name: 'admin',
      vendor_name: '',
      date: '2026-09-30',
      detail: 'Opening balance',
      credit: OPENING / 100,
      debit: 0,
    })
    expect(opening.status).toBe(201)
    const month = plannedMonth()
    expect(month).toHaveLength(60)
    expect(month.filter((p) => p.bank !== 0)).toHaveLength(49)
    for (const p of month) {
      const res = await t.call('admin', 'POST', p.path, p.body)
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      p.id = Object.values(res.body as Record<string, { id?: number }>).find(
        (v) => typeof v?.id === 'number',
      )?.id
    }
    const lines: CsvLine[] = [
      ...month.flatMap((p) => (p.statement ? [{ ...p.statement, signed: p.bank, record: p }] : [])),
      ...CHARGES.map((c) => ({
        date: c.date,
        ref: '',
        narration: c.narration,
        signed: -c.paisa,
        record: null,
      })),
    ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    expect(lines).toHaveLength(50)
    const csv = layoutOne(lines)

    const imported = await t.call('admin', 'POST', `/api/banks/${id}/statement-imports`, {
      csv,
      mapping: DEBIT_CREDIT_MAPPING,
    })
    expect(imported.status, JSON.stringify(imported.body)).toBe(201)
    expect(imported.body).toMatchObject({ lines: 50, duplicates: 0, matched: 45, unmatched: 5 })
    // The mapping is remembered for this bank.
    const saved = await t.call('admin', 'GET', `/api/banks/${id}/statement-mapping`)
    expect(saved.body.mapping).toMatchObject({
      date: 'Txn Date',
      amount_style: 'debit_credit',
      header_row: 1,
    })

    // Every statement line paired with exactly the record it stands for (row n+2 is lines[n]).
    const st: StatementLine[] = (await t.call('admin', 'GET', `/api/banks/${id}/statement-lines`)).body.lines
    const book: BookLine[] = (await t.call('admin', 'GET', `/api/banks/${id}/book-lines`)).body.lines
    const matches: BankMatch[] = (await t.call('admin', 'GET', `/api/banks/${id}/matches`)).body.matches
    const bookById = new Map(book.map((b) => [b.id, b]))
    const matchById = new Map(matches.map((m) => [m.id, m]))
    expect(st).toHaveLength(50)
    for (const s of st) {
      const want = lines[s.row - 2]
      expect(want?.narration).toBe(s.narration)
      if (!want?.record) {
        expect(s.match_id, s.narration).toBeNull()
        continue
      }
      const m = matchById.get(s.match_id ?? -1)
      expect(m?.kind).toBe('auto')
      expect(m?.statement_line_ids).toEqual([s.id])
      expect(m?.posting_line_ids).toHaveLength(1)
      const b = bookById.get(m?.posting_line_ids[0] ?? -1)
      expect([b?.source_type, b?.source_id], `${s.narration} ${s.reference}`).toEqual([
        want.record.table,
        want.record.id,
      ])
    }

    const uncleared = month.filter((p) => p.bank !== 0 && !p.statement)
    expect(uncleared).toHaveLength(4)
    const before = await t.call('admin', 'GET', `/api/banks/${id}/reconciliation?as_of=2026-10-31`)
    expect(before.status).toBe(200)
    const chargesTotal = CHARGES.reduce((a, c) => a + c.paisa, 0)
    expect(before.body).toMatchObject({
      start: '2026-10-01',
      outstanding_deposits: [],
      difference: -chargesTotal / 100,
    })
    expect(before.body.outstanding_payments.map((b: BookLine) => b.source_id).sort()).toEqual(
      uncleared.map((p) => p.id).sort(),
    )
    expect(before.body.unmatched_statement).toHaveLength(5)
    const bookMoves = month.reduce((a, p) => a + p.bank, 0)
    expect(before.body.book_balance).toBe((OPENING + bookMoves) / 100)
    expect(before.body.statement_balance).toBe((OPENING + lines.reduce((a, l) => a + l.signed, 0)) / 100)

    // A charge is money out: posting it as bank profit is refused, and nothing is written.
    const firstCharge = before.body.unmatched_statement[0] as StatementLine
    const accountsBefore = await rowCount(t, 'account_entries')
    const wrong = await t.call('admin', 'POST', `/api/banks/${id}/statement-lines/${firstCharge.id}/post`, {
      kind: 'profit',
    })
    expect(wrong.status).toBe(400)
    expect(await rowCount(t, 'account_entries')).toBe(accountsBefore)
    // An employee may not reconcile.
    const employee = await t.call(
      'employee',
      'POST',
      `/api/banks/${id}/statement-lines/${firstCharge.id}/post`,
      { kind: 'charge' },
    )
    expect(employee.status).toBe(403)

    for (const s of before.body.unmatched_statement as StatementLine[]) {
      const posted = await t.call('admin', 'POST', `/api/banks/${id}/statement-lines/${s.id}/post`, {
        kind: 'charge',
      })
      expect(posted.status, JSON.stringify(posted.body)).toBe(201)
      expect(posted.body.record.table).toBe('account_entries')
      expect(posted.body.match.statement_line_ids).toEqual([s.id])
    }
    const after = await t.call('admin', 'GET', `/api/banks/${id}/reconciliation?as_of=2026-10-31`)
    expect(after.body).toMatchObject({ difference: 0, unmatched_statement: [], outstanding_deposits: [] })
    expect(after.body.outstanding_payments).toHaveLength(4)
    expect(after.body.book_balance).toBe((OPENING + bookMoves - chargesTotal) / 100)
    // Each charge is an Office Accounts record with its entry number, in the bank's ledger.
    const ledger = await t.call('admin', 'GET', `/api/accounts/${encodeURIComponent(BANK)}`)
    expect(ledger.body.filter((r: { detail: string }) => r.detail.startsWith('Bank charge:'))).toHaveLength(5)

    // The same file again adds nothing, and changes no match.
    const again = await t.call('admin', 'POST', `/api/banks/${id}/statement-imports`, { csv })
    expect(again.status).toBe(201)
    expect(again.body).toMatchObject({ lines: 50, duplicates: 50, matched: 0, unmatched: 0 })
    expect(await rowCount(t, 'bank_statement_lines')).toBe(50)
    const imports = await t.call('admin', 'GET', `/api/banks/${id}/statement-imports`)
    expect(imports.body.imports.map((i: { lines: number; added: number }) => [i.lines, i.added])).toEqual([
      [50, 0],
      [50, 50],
    ])
    const still = await t.call('admin', 'GET', `/api/banks/${id}/reconciliation?as_of=2026-10-31`)
    expect(still.body.difference).toBe(0)
    const all = await t.call('admin', 'GET', '/api/bank-reconciliations?as_of=2026-10-31')
    expect(all.body.banks.find((b: { id: number }) => b.id === id)).toMatchObject({
      name: BANK,
      start: '2026-10-01',
      statement_to: '2026-10-31',
      unmatched_statement: 0,
      outstanding: 4,
      unconfirmed_matches: 45,
      difference: 0,
    })

    // The month's report as a PDF.
    const pdf = await download(t, 'admin', `/api/banks/${id}/reconciliation.pdf?month=2026-10`)
    expect(pdf.status).toBe(200)
    expect(pdf.type).toContain('application/pdf')
    const text = await pdfText(pdf.bytes)
    expect(text).toContain('Bank reconciliation')
    expect(text).toContain(BANK)
    expect(text).toContain('Payment not yet cleared')
  })

  it('a second layout (one signed amount, dd-MMM-yy, a title row) maps and imports from an uploaded file', async () => {
    const id = await bankId(t, 'Meezan Current')
    const storedBefore = await rowCount(t, 'bank_statement_lines')
    const deposit = await t.call('admin', 'POST', '/api/agent', {
      agent_name: AGENTS[0],
      date: '2026-11-03',
      employee: 'admin',
      detail: 'Umrah group advance',
      credit: 125_000,
      debit: 0,
      paid_cash: 0,
      paid_bank: 125_000,
      bank_title: 'Meezan Current',
    })
    expect(deposit.status).toBe(201)
    const csv = [
      'Meezan Bank Limited - Account Statement 01-Nov-26 to 30-Nov-26',
      'Date;Particulars;Instrument #;Amount (PKR);Running Balance',
      '04-Nov-26;Inward IBFT Alpha Travels;;"125,000.00";"125,000.00"',
      '09-Nov-26;Excise duty;;(350.00);"124,650.00"',
      '12-Nov-26;Cash withdrawal;778812;-20,000.00;"104,650.00"',
      ';Closing balance;;;"104,650.00"',
    ].join('\n')
    const mapping = {
      header_row: 2,
      date: 'date',
      date_format: 'dd-MMM-yy',
      narration: 'Particulars',
      reference: 'Instrument #',
      amount_style: 'signed',
      amount: 'Amount (PKR)',
      balance: 'Running Balance',
    }
    const boundary = '----bankstatement7d1'
    const payload = Buffer.from(
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="mapping"',
        '',
        JSON.stringify(mapping),
        `--${boundary}`,
        'Content-Disposition: form-data; name="file"; filename="meezan-nov.csv"',
        'Content-Type: text/csv',
        '',
        csv,
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    )
    const upload = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          authorization: `Bearer ${t.tokens.admin}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      })
    // Before any mapping, the preview guesses one from the file: its header row and date layout.
    const guessed = await t.call('admin', 'POST', `/api/banks/${id}/statement-preview`, { csv })
    expect(guessed.body).toMatchObject({
      saved: false,
      rows_total: 6,
      mapping: { ...mapping, header_row: 2, date: 'Date' },
    })
    const preview = await upload(`/api/banks/${id}/statement-preview`)
    expect(preview.statusCode).toBe(200)
    expect(preview.json().columns).toEqual([
      'Date',
      'Particulars',
      'Instrument #',
      'Amount (PKR)',
      'Running Balance',
    ])
    // A preview stores nothing.
    expect(await rowCount(t, 'bank_statement_lines')).toBe(storedBefore)

    const res = await upload(`/api/banks/${id}/statement-imports`)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({ lines: 3, duplicates: 0, matched: 1, unmatched: 2 })
    const st: StatementLine[] = (await t.call('admin', 'GET', `/api/banks/${id}/statement-lines`)).body.lines
    expect(st.map((l) => [l.date, l.direction, l.amount, l.reference, l.balance])).toEqual([
      ['2026-11-04', 'in', 125_000, '', 125_000],
      ['2026-11-09', 'out', 350, '', 124_650],
      ['2026-11-12', 'out', 20_000, '778812', 104_650],
    ])
    const rec = await t.call('admin', 'GET', `/api/banks/${id}/reconciliation?as_of=2026-11-30`)
    expect(rec.body).toMatchObject({ statement_balance: 104_650, book_balance: 125_000, difference: -20_350 })
    // The withdrawal was a vendor paid from the bank: posted as a Vendor payment, matched.
    const withdrawal = st[2] as StatementLine
    const asAgent = await t.call('admin', 'POST', `/api/banks/${id}/statement-lines/${withdrawal.id}/post`, {
      kind: 'agent',
      name: AGENTS[0],
    })
    expect(asAgent.status).toBe(400)
    const noName = await t.call('admin', 'POST', `/api/banks/${id}/statement-lines/${withdrawal.id}/post`, {
      kind: 'vendor',
    })
    expect(noName.status).toBe(400)
    expect(noName.body.errors).toEqual({ name: 'Vendor name is required' })
    const paid = await t.call('admin', 'POST', `/api/banks/${id}/statement-lines/${withdrawal.id}/post`, {
      kind: 'vendor',
      name: VENDORS[1],
      detail: 'Visa fees, cheque 778812',
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    expect(paid.body.record.table).toBe('vender_entries')
    const vendorRow = await t.call(
      'admin',
      'GET',
      `/api/vender?name=${encodeURIComponent(VENDORS[1] as string)}`,
    )
    expect(JSON.stringify(vendorRow.body)).toContain('Visa fees, cheque 778812')
    const again = await t.call('admin', 'POST', `/api/banks/${id}/statement-lines/${withdrawal.id}/post`, {
      kind: 'vendor',
      name: VENDORS[1],
    })
    expect(again.status).toBe(409)
    const rec2 = await t.call('admin', 'GET', `/api/banks/${id}/reconciliation?as_of=2026-11-30`)
    expect(rec2.body).toMatchObject({ book_balance: 105_000, difference: -350 })
  })

  it("an XLSX export (date cells, numbers, a shared-string narration) imports with the bank's saved mapping", async () => {
    const id = await bankId(t, 'Bank Alfalah Ops')
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('Statement')
    ws.addRow(['Posting Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance'])
    ws.addRow([new Date(Date.UTC(2026, 10, 2)), 'Cash deposit & slip 4471', null, 4200.5, 4200.5])
    ws.addRow([new Date(Date.UTC(2026, 10, 3)), 'Bank charges', 0.1 + 0.2, null, 4200.2])
    ws.getColumn(1).numFmt = 'dd-mmm-yy'
    const bytes = Buffer.from(await wb.xlsx.writeBuffer())
    const mapping = {
      date: 'Posting Date',
      date_format: 'dd-MMM-yy',
      narration: 'Narration',
      amount_style: 'debit_credit',
      debit: 'Withdrawal',
      credit: 'Deposit',
      balance: 'Balance',
    }
    const put = await t.call('admin', 'PUT', `/api/banks/${id}/statement-mapping`, mapping)
    expect(put.status).toBe(200)
    const preview = await t.call('admin', 'POST', `/api/banks/${id}/statement-preview`, {
      xlsx_base64: bytes.toString('base64'),
    })
    expect(preview.body).toMatchObject({
      saved: true,
      columns: ['Posting Date', 'Narration', 'Withdrawal', 'Deposit', 'Balance'],
    })
    const res = await t.call('admin', 'POST', `/api/banks/${id}/statement-imports`, {
      xlsx_base64: bytes.toString('base64'),
      file_name: 'alfalah.xlsx',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body).toMatchObject({ lines: 2, unmatched: 2 })
    const st: StatementLine[] = (await t.call('admin', 'GET', `/api/banks/${id}/statement-lines`)).body.lines
    expect(st.map((l) => [l.date, l.narration, l.direction, l.amount, l.balance])).toEqual([
      ['2026-11-02', 'Cash deposit & slip 4471', 'in', 4200.5, 4200.5],
      ['2026-11-03', 'Bank charges', 'out', 0.3, 4200.2],
    ])
    // The deposit was an agent's: posted as an Agent entry paid into this bank, matched.
    const posted = await t.call('admin', 'POST', `/api/banks/${id}/statement-lines/${st[0]?.id}/post`, {
      kind: 'agent',
      name: AGENTS[1],
    })
    expect(posted.status, JSON.stringify(posted.body)).toBe(201)
    expect(posted.body.record.table).toBe('agent_entries')
    expect(posted.body.match).toMatchObject({
      amount: 4200.5,
      direction: 'in',
      statement_line_ids: [st[0]?.id],
    })
    const agentRows = await t.call(
      'admin',
      'GET',
      `/api/agent?name=${encodeURIComponent(AGENTS[1] as string)}`,
    )
    expect(JSON.stringify(agentRows.body)).toContain('Cash deposit & slip 4471')
  })

  it('a file the mapping cannot read is a 400 naming the first bad row and column; nothing is stored', async () => {
    const id = await bankId(t, 'UBL Payroll')
    const linesBefore = await rowCount(t, 'bank_statement_lines')
    const importsBefore = await rowCount(t, 'bank_statement_imports')
    const csv = [
      'Txn Date,Value Date,Description,Cheque No,Debit,Credit,Balance',
      '01/12/2026,01/12/2026,Salary,,,"10,000.00","10,000.00"',
      '02/12/2026,02/12/2026,Fee,,50.00,,"9,950.00"',
      '31/02/2026,31/02/2026,Bad day,,10.00,,"9,940.00"',
      '03/12/2026,03/12/2026,Bad amount,,1O.00,,"9,930.00"',
    ].join('\n')
    const bad = await t.call('admin', 'POST', `/api/banks/${id}/statement-imports`, {
      csv,
      mapping: DEBIT_CREDIT_MAPPING,
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ row: 4, column: 'Txn Date' })
    expect(bad.body.message).toBe(
      'Row 4, column "Txn Date": "31/02/2026" is not a date in the format dd/mm/yyyy',
    )
    const fixedDay = csv.replace('31/02/2026,31/02/2026', '28/12/2026,28/12/2026')
    const badAmount = await t.call('admin', 'POST', `/api/banks/${id}/statement-imports`, {
      csv: fixedDay,
      mapping: DEBIT_CREDIT_MAPPING,
    })
    expect(badAmount.status).toBe(400)
    expect(badAmount.body).toMatchObject({ row: 5, column: 'Debit' })
    const noColumn = await t.call('admin', 'POST', `/api/banks/${id}/statement-imports`, {
      csv,
      mapping: { ...DEBIT_CREDIT_MAPPING, narration: 'Narration' },
    })
    expect(noColumn.status).toBe(400)
    expect(noColumn.body).toMatchObject({ row: 1, column: 'Narration' })
    expect(await rowCount(t, 'bank_statement_lines')).toBe(linesBefore)
    expect(await rowCount(t, 'bank_statement_imports')).toBe(importsBefore)
    // Bad days and ids are 400s, never a database error.
    expect((await t.call('admin', 'GET', `/api/banks/${id}/reconciliation?as_of=2026-13-45`)).status).toBe(
      400,
    )
    expect((await t.call('admin', 'DELETE', `/api/banks/${id}/matches/99999999999`)).status).toBe(400)
    const hugeLine = await t.call('admin', 'POST', `/api/banks/${id}/matches`, {
      statement_line_ids: [1],
      posting_line_ids: [99_999_999_999],
    })
    expect(hugeLine.status).toBe(400)
    expect((await t.call('admin', 'GET', '/api/banks/999999/reconciliation')).status).toBe(404)
    // A bad file does not save its mapping either.
    expect((await t.call('admin', 'GET', `/api/banks/${id}/statement-mapping`)).body.mapping).toBeNull()

    // The same good file twice at once: stored once.
    const good = csv.split('\n').slice(0, 3).join('\n')
    const both = await Promise.all(
      [1, 2].map(() =>
        t.call('admin', 'POST', `/api/banks/${id}/statement-imports`, {
          csv: good,
          mapping: DEBIT_CREDIT_MAPPING,
        }),
      ),
    )
    expect(both.map((r) => r.status)).toEqual([201, 201])
    expect(both.map((r) => r.body.duplicates).sort()).toEqual([0, 2])
    expect(await rowCount(t, 'bank_statement_lines')).toBe(linesBefore + 2)
    // A bank with a statement but no book entries may still be deleted; its statement goes with it.
    expect((await t.call('admin', 'DELETE', `/api/admin/banks/${id}`)).status).toBe(200)
    expect(await rowCount(t, 'bank_statement_lines')).toBe(linesBefore)
    expect((await t.call('admin', 'GET', `/api/banks/${id}/statement-lines`)).status).toBe(404)
  })

  it('matches by hand (one statement line to two book lines), and a reversed book line takes its match away', async () => {
    const id = await bankId(t, 'Askari Ops')
    const entry = (detail: string, credit: number) =>
      t.call('admin', 'POST', '/api/accounts', {
        bank_name: 'Askari Ops',
        employee_name: 'admin',
        vendor_name: '',
        date: '2026-12-02',
        detail,
        credit,
        debit: 0,
      })
    const a = (await entry('Cash deposit A', 700)).body.account
    const b = (await entry('Cash deposit B', 300)).body.account
    const c = (await entry('Cash deposit C', 450)).body.account
    const csv = [
      'Txn Date,Value Date,Description,Cheque No,Debit,Credit,Balance',
      '02/12/2026,02/12/2026,CASH DEP TWO SLIPS,,,"1,000.00",',
      '02/12/2026,02/12/2026,CASH DEP,,,450.00,',
    ].join('\n')
    const imported = await t.call('admin', 'POST', `/api/banks/${id}/statement-imports`, {
      csv,
      mapping: DEBIT_CREDIT_MAPPING,
    })
    expect(imported.body).toMatchObject({ lines: 2, matched: 1, unmatched: 1 })
    const st: StatementLine[] = (await t.call('admin', 'GET', `/api/banks/${id}/statement-lines`)).body.lines
    const book: BookLine[] = (await t.call('admin', 'GET', `/api/banks/${id}/book-lines?status=unmatched`))
      .body.lines
    const lineOf = (recordId: number) => book.find((l) => l.source_id === recordId)?.id ?? -1
    const twoSlips = st.find((l) => l.amount === 1000) as StatementLine

    const wrongSum = await t.call('admin', 'POST', `/api/banks/${id}/matches`, {
      statement_line_ids: [twoSlips.id],
      posting_line_ids: [lineOf(a.id)],
    })
    expect(wrongSum.status).toBe(400)
    const made = await t.call('admin', 'POST', `/api/banks/${id}/matches`, {
      statement_line_ids: [twoSlips.id],
      posting_line_ids: [lineOf(a.id), lineOf(b.id)],
    })
    expect(made.status).toBe(201)
    expect(made.body.match).toMatchObject({ kind: 'manual', confirmed: true, amount: 1000, direction: 'in' })
    const taken = await t.call('admin', 'POST', `/api/banks/${id}/matches`, {
      statement_line_ids: [twoSlips.id],
      posting_line_ids: [lineOf(a.id), lineOf(b.id)],
    })
    expect(taken.status).toBe(409)
    const rec = await t.call('admin', 'GET', `/api/banks/${id}/reconciliation?as_of=2026-12-31`)
    expect(rec.body.difference).toBe(0)

    // An edit that keeps the money (detail only) reposts the entry; the match follows the new line.
    const put = (row: { id: number }, detail: string, credit: number) =>
      t.call('admin', 'PUT', `/api/accounts/${row.id}`, {
        bank_name: 'Askari Ops',
        employee_name: 'admin',
        vendor_name: '',
        date: '2026-12-02',
        detail,
        credit,
        debit: 0,
      })
    expect((await put(b, 'Cash deposit B (slip 2)', 300)).status).toBe(200)
    let matches: BankMatch[] = (await t.call('admin', 'GET', `/api/banks/${id}/matches`)).body.matches
    const manual = matches.find((m) => m.kind === 'manual')
    expect(manual?.posting_line_ids).toHaveLength(2)
    expect(manual?.posting_line_ids).not.toContain(lineOf(b.id))
    // Confirming the automatic one.
    const auto = matches.find((m) => m.kind === 'auto') as BankMatch
    const confirm = await t.call('admin', 'POST', `/api/banks/${id}/matches/confirm`, {
      match_ids: [auto.id],
    })
    expect(confirm.body.confirmed).toBe(1)

    // An edit that changes the amount reverses the matched line: the match drops out.
    expect((await put(c, 'Cash deposit C', 455)).status).toBe(200)
    matches = (await t.call('admin', 'GET', `/api/banks/${id}/matches`)).body.matches
    expect(matches.map((m) => m.kind)).toEqual(['manual'])
    const after = await t.call('admin', 'GET', `/api/banks/${id}/reconciliation?as_of=2026-12-31`)
    expect(after.body.unmatched_statement.map((l: StatementLine) => l.amount)).toEqual([450])
    expect(after.body.outstanding_deposits.map((l: BookLine) => l.amount)).toEqual([455])
    // The books now say 455 where the bank says 450: the bank's 450 is unexplained.
    expect(after.body.difference).toBe(450)

    // Unmatch by hand: its statement line is unmatched again.
    const del = await t.call('admin', 'DELETE', `/api/banks/${id}/matches/${manual?.id}`)
    expect(del.status).toBe(200)
    const open: StatementLine[] = (
      await t.call('admin', 'GET', `/api/banks/${id}/statement-lines?status=unmatched`)
    ).body.lines
    expect(open.map((l) => l.amount).sort()).toEqual([1000, 450])
  })
})
