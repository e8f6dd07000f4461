import SQLite from 'better-sqlite3'
import pg from 'pg'
import { passenger } from './helpers.ts'
import { call } from './server-process.ts'

/** Bodies and checks shared by the torture and two-process tests (real processes, real files). */
export const NAMES = { agent: 'Load Agent', vendor: 'Load Vendor', bank: 'UBL Account 1' }

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
  passport_detail: JSON.stringify([passenger('Ali', 'Khan')]),
  receivable_amount: receivable,
  paid_cash: 1000,
  bank_title: NAMES.bank,
  paid_in_bank: 500,
  payable_to_vendor: receivable - 2000,
  vendor_name: NAMES.vendor,
})

/** An Umrah booking; its dashboard line is dated by `depart_date`, so edits can move it across months. */
export const umrahBody = (reference: string, depart_date: string) => ({
  userName: 'load',
  customerAdd: 'Load Family',
  reference,
  packageDetail: '15 days',
  depart_date,
  return_date: '2026-12-31',
  sector: 'ISB-JED',
  airline: 'Saudia',
  adults: 1,
  children: 0,
  infants: 0,
  passportDetail: JSON.stringify(passenger('Omar', 'Khan')),
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
 * What must hold whatever happened to the servers: every ticket and Umrah has its dashboard line
 * and ledger postings with its figures and nothing points at a missing record, no entry number
 * twice, the monthly checkpoints equal their rows. Each query lists offending rows (none when all
 * hold); the SQL is the same on SQLite and PostgreSQL.
 */
const invariantQueries = (): [string, string][] => {
  const out: [string, string][] = [
    [
      'ticket without its journal line or with other figures',
      `SELECT t.id FROM tickets t LEFT JOIN journal j ON j.source_type = 'tickets' AND j.source_id = t.id
       WHERE j.id IS NULL OR j.receivable <> t.receivable_amount`,
    ],
  ]
  for (const [ledger, column] of [
    ['agent_entries', 't.receivable_amount'],
    ['account_entries', 't.paid_in_bank'],
    ['vender_entries', 't.payable_to_vendor'],
  ] as const) {
    out.push([
      `ticket without its ${ledger} posting`,
      `SELECT t.id FROM tickets t WHERE ${column} > 0 AND NOT EXISTS
       (SELECT 1 FROM ${ledger} p WHERE p.source_type = 'tickets' AND p.source_id = t.id)`,
    ])
  }
  for (const table of ['tickets', 'umrah']) {
    out.push([
      `journal line of a missing ${table} record`,
      `SELECT j.id FROM journal j WHERE j.source_type = '${table}' AND NOT EXISTS (SELECT 1 FROM ${table} r WHERE r.id = j.source_id)`,
    ])
    for (const ledger of ['agent_entries', 'account_entries', 'vender_entries']) {
      out.push([
        `${ledger} posting of a missing ${table} record`,
        `SELECT p.id FROM ${ledger} p WHERE p.source_type = '${table}' AND NOT EXISTS (SELECT 1 FROM ${table} r WHERE r.id = p.source_id)`,
      ])
    }
    out.push([`duplicate ${table} entry`, `SELECT entry FROM ${table} GROUP BY entry HAVING count(*) > 1`])
  }
  out.push(
    [
      'umrah without its journal line',
      `SELECT u.id FROM umrah u WHERE NOT EXISTS (SELECT 1 FROM journal j WHERE j.source_type = 'umrah' AND j.source_id = u.id)`,
    ],
    [
      'journal month checkpoint unequal to its rows',
      `SELECT m.month, m.source_type FROM journal_months m
       LEFT JOIN (SELECT substr(date, 1, 7) AS month, source_type, count(*) AS n
                  FROM journal_rows GROUP BY substr(date, 1, 7), source_type) j ON j.month = m.month AND j.source_type = m.source_type
       WHERE m.n <> coalesce(j.n, 0)`,
    ],
    [
      'owed checkpoint unequal to the rows',
      `SELECT d.month, d.source_type FROM (SELECT substr(date, 1, 7) AS month, source_type, sum(owed) AS owed
                  FROM source_days GROUP BY substr(date, 1, 7), source_type) d
       LEFT JOIN (SELECT substr(date, 1, 7) AS month, source_type, sum(remaining) AS r
                  FROM journal GROUP BY substr(date, 1, 7), source_type) j ON j.month = d.month AND j.source_type = d.source_type
       WHERE d.owed <> coalesce(j.r, 0)`,
    ],
    [
      'ledger month checkpoint unequal to its rows',
      `SELECT m.name, m.month FROM ledger_months m
       LEFT JOIN (SELECT vender_name AS name, substr(date, 1, 7) AS month, count(*) AS n, sum(credit - debit) AS net
                  FROM vender_entries GROUP BY vender_name, substr(date, 1, 7)) v ON v.name = m.name AND v.month = m.month
       WHERE m.ledger = 'vender_entries' AND (m.n <> coalesce(v.n, 0) OR m.net <> coalesce(v.net, 0))`,
    ],
  )
  return out
}

const report = (what: string, found: unknown[]) =>
  found.length > 0 ? [`${what}: ${found.length} (${JSON.stringify(found.slice(0, 3))})`] : []

/** The invariants on a SQLite file, plus integrity_check. Returns the problems found. */
export const sqliteInvariants = (file: string): string[] => {
  const db = new SQLite(file, { readonly: true, timeout: 10_000 })
  try {
    const problems = invariantQueries().flatMap(([what, q]) => report(what, db.prepare(q).all()))
    const integrity = db.pragma('integrity_check', { simple: true })
    if (integrity !== 'ok') problems.push(`integrity_check: ${String(integrity)}`)
    return problems
  } finally {
    db.close()
  }
}

/** The invariants on a PostgreSQL database. */
/** A client on `url` for the length of `work`. */
const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Deadlocks PostgreSQL has detected in the database of `url` (its cumulative statistics). */
export const deadlocks = (url: string): Promise<number> =>
  withClient(url, async (client) => {
    // The servers' backends have exited, which flushes their statistics; this clears any cached copy.
    await client.query('SELECT pg_stat_clear_snapshot()')
    const { rows } = await client.query(
      'SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()',
    )
    return Number(rows[0]?.deadlocks ?? 0)
  })

export const postgresInvariants = (url: string): Promise<string[]> =>
  withClient(url, async (client) => {
    const problems: string[] = []
    for (const [what, q] of invariantQueries()) problems.push(...report(what, (await client.query(q)).rows))
    return problems
  })
