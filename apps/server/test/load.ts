import SQLite from 'better-sqlite3'
import { call } from './server-process.ts'

/** Bodies and checks shared by the torture and two-process tests (real processes, real files). */
export const NAMES = { agent: 'Load Agent', vendor: 'Load Vendor', bank: 'UBL Account 1' }

const traveller = (firstName: string) => ({
  title: 'Mr',
  firstName,
  lastName: 'Khan',
  dob: '1990-04-12',
  nationality: 'Pakistani',
  documentType: 'Passport',
  documentNo: `PK-${firstName}`,
  documentExpiry: '2030-04-11',
  issueCountry: 'Pakistan',
})

/** A ticket that posts to all three ledgers; `reference` finds it again when its answer was lost. */
export const ticketBody = (reference: string, receivable: number) => ({
  employee_name: 'load',
  agent_name: NAMES.agent,
  customer_add: 'Load Traders',
  reference,
  depart_date: '2026-05-10',
  return_date: '2026-05-20',
  sector: 'LHE-DXB',
  airline: 'Emirates',
  adults: 1,
  children: 0,
  infants: 0,
  passport_detail: JSON.stringify([traveller('Ali')]),
  receivable_amount: receivable,
  paid_cash: 1000,
  bank_title: NAMES.bank,
  paid_in_bank: 500,
  payable_to_vendor: receivable - 2000,
  vendor_name: NAMES.vendor,
})

/** An Umrah booking whose dashboard line sits in `month` (its depart date): edits move it across months. */
export const umrahBody = (reference: string, month: number) => ({
  userName: 'load',
  customerAdd: 'Load Family',
  reference,
  packageDetail: '15 days',
  depart_date: `2026-${String(month).padStart(2, '0')}-10`,
  return_date: '2026-12-31',
  sector: 'ISB-JED',
  airline: 'Saudia',
  adults: 1,
  children: 0,
  infants: 0,
  passportDetail: JSON.stringify(traveller('Omar')),
  receivableAmount: 90000,
  paidCash: 1000,
  bank_title: NAMES.bank,
  paidInBank: 500,
  payableToVendor: 80000,
  vendorName: NAMES.vendor,
})

/** The agent and vendor the bodies post to, made through the API (200/201, or 409 if already there). */
export const ensureNames = async (url: string, token: string) => {
  for (const [path, name] of [
    ['/api/agent-names', NAMES.agent],
    ['/api/vender-names', NAMES.vendor],
  ] as const) {
    const res = await call(url, token, 'POST', path, { name })
    if (![200, 201, 409].includes(res.status))
      throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`)
  }
}

/**
 * What must hold in a SQLite file whatever happened to the server: every ticket and Umrah has its
 * dashboard line and ledger postings with its figures and nothing points at a missing record, no
 * entry number twice, the monthly checkpoints equal their rows, and integrity_check says ok.
 * Returns the problems found (empty when all hold).
 */
export const sqliteInvariants = (file: string): string[] => {
  const db = new SQLite(file, { readonly: true, timeout: 10_000 })
  try {
    const problems: string[] = []
    const rows = (q: string) => db.prepare(q).all() as Record<string, unknown>[]
    const add = (what: string, q: string) => {
      const found = rows(q)
      if (found.length > 0) problems.push(`${what}: ${found.length} (${JSON.stringify(found.slice(0, 3))})`)
    }
    add(
      'ticket without its journal line or with other figures',
      `SELECT t.id FROM tickets t LEFT JOIN journal j ON j.source_type = 'tickets' AND j.source_id = t.id
       WHERE j.id IS NULL OR j.receivable <> t.receivable_amount`,
    )
    for (const [ledger, column] of [
      ['agent_entries', 't.receivable_amount'],
      ['account_entries', 't.paid_in_bank'],
      ['vender_entries', 't.payable_to_vendor'],
    ] as const) {
      add(
        `ticket without its ${ledger} posting`,
        `SELECT t.id FROM tickets t WHERE ${column} > 0 AND NOT EXISTS
         (SELECT 1 FROM ${ledger} p WHERE p.source_type = 'tickets' AND p.source_id = t.id)`,
      )
    }
    for (const [type, table] of [
      ['tickets', 'tickets'],
      ['umrah', 'umrah'],
    ] as const) {
      add(
        `journal line of a missing ${table} record`,
        `SELECT j.id FROM journal j WHERE j.source_type = '${type}' AND NOT EXISTS (SELECT 1 FROM ${table} r WHERE r.id = j.source_id)`,
      )
      for (const ledger of ['agent_entries', 'account_entries', 'vender_entries']) {
        add(
          `${ledger} posting of a missing ${table} record`,
          `SELECT p.id FROM ${ledger} p WHERE p.source_type = '${type}' AND NOT EXISTS (SELECT 1 FROM ${table} r WHERE r.id = p.source_id)`,
        )
      }
    }
    add(
      'umrah without its journal line',
      `SELECT u.id FROM umrah u WHERE NOT EXISTS (SELECT 1 FROM journal j WHERE j.source_type = 'umrah' AND j.source_id = u.id)`,
    )
    add('duplicate ticket entry', 'SELECT entry FROM tickets GROUP BY entry HAVING count(*) > 1')
    add('duplicate umrah entry', 'SELECT entry FROM umrah GROUP BY entry HAVING count(*) > 1')
    add(
      'journal month checkpoint unequal to its rows',
      `SELECT m.month, m.source_type FROM journal_months m
       LEFT JOIN (SELECT substr(date, 1, 7) AS month, source_type, count(*) AS n, sum(receivable) AS r
                  FROM journal GROUP BY 1, 2) j ON j.month = m.month AND j.source_type = m.source_type
       WHERE m.n <> coalesce(j.n, 0) OR m.receivable <> coalesce(j.r, 0)`,
    )
    const integrity = db.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok') problems.push(`integrity_check: ${String(integrity)}`)
    return problems
  } finally {
    db.close()
  }
}
