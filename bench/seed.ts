import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import SQLite from 'better-sqlite3'
import { connect } from '../apps/server/src/db/connect.ts'
import { migrateToLatest } from '../apps/server/src/db/migrate.ts'
import { drainSearchQueue } from '../apps/server/src/db/search-queue.ts'

/**
 * Reproducible data set: `rows` money-moving records in a realistic mix of every type, each
 * with its journal row, spread over five years. Written straight to SQLite in big
 * transactions (the API would take hours for a million); the journal triggers keep the
 * monthly checkpoints exactly as they would be in production.
 */

/** Share of each record type in an agency's year (tickets dominate, refunds are rare). */
const MIX: Array<[string, number]> = [
  ['tickets', 30],
  ['umrah', 8],
  ['visa_processing', 12],
  ['gamca_tokens', 10],
  ['services', 10],
  ['protectors', 8],
  ['expenses', 8],
  ['refunded', 4],
  ['navtcc', 4],
  ['refund_customers', 3],
  ['vender_entries', 3],
]

const FIRST = ['Ali', 'Ahmed', 'Fatima', 'Ayesha', 'Usman', 'Bilal', 'Sana', 'Hamza', 'Zainab', 'Imran']
const LAST = ['Khan', 'Malik', 'Butt', 'Chaudhry', 'Sheikh', 'Qureshi', 'Raza', 'Iqbal', 'Siddiqui', 'Javed']
const SECTORS = ['LHE-DXB', 'ISB-JED', 'KHI-RUH', 'LHE-DOH', 'ISB-LHR', 'MUX-SHJ']
const AIRLINES = ['PIA', 'Emirates', 'Qatar Airways', 'Saudia', 'Flydubai', 'Air Arabia']
const EMPLOYEES = ['admin', 'staff', 'sara', 'kamran', 'nadia']
const VENDORS = ['Al Noor Travels', 'Sky Links', 'Makkah Tours', 'Gulf Connect']
const AGENTS = ['Agent Rafiq', 'Agent Tariq', 'Agent Huma']
const BANKS = ['UBL Account 1', 'HBL Account 1', 'MCB FIT']

/** mulberry32: small, fast and the same sequence for the same seed everywhere. */
export const random = (seed: number) => () => {
  seed |= 0
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

export const seedPath = (rows: number, seed: number) => `/tmp/booking-bench/sqlite-${rows}-${seed}.db`

/** Creates (or reuses) the seeded database file and returns its path. */
export const seedDatabase = async (rows: number, seed = 42, log = console.log): Promise<string> => {
  const file = seedPath(rows, seed)
  if (existsSync(`${file}.done`)) return file
  mkdirSync(dirname(file), { recursive: true })
  for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true })
  const kysely = connect(`sqlite:${file}`)
  await migrateToLatest(kysely)
  await kysely.destroy()

  const db = new SQLite(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = OFF')
  const rand = random(seed)
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T
  const money = (max: number) => Math.round(rand() * max) * 100
  const totalWeight = MIX.reduce((s, [, w]) => s + w, 0)
  const pickType = () => {
    let r = rand() * totalWeight
    for (const [type, w] of MIX) {
      r -= w
      if (r < 0) return type
    }
    return 'tickets'
  }
  const start = Date.UTC(2021, 0, 1)
  const span = 5 * 365 * 86_400_000
  const counters = new Map<string, number>()
  let global = 0

  const insertJournal = db.prepare(
    `INSERT INTO journal (source_type, source_id, date, entry, name, employee, receivable, paid_cash, paid_in_bank, remaining, withdraw)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const stmts = new Map<string, SQLite.Statement>()
  const insert = (table: string, values: Record<string, unknown>) => {
    const cols = Object.keys(values)
    const key = `${table}:${cols.join(',')}`
    let stmt = stmts.get(key)
    if (!stmt) {
      stmt = db.prepare(
        `INSERT INTO ${table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`,
      )
      stmts.set(key, stmt)
    }
    return Number(stmt.run(...Object.values(values)).lastInsertRowid)
  }

  const one = () => {
    const type = pickType()
    const date = new Date(start + Math.floor(rand() * span)).toISOString().slice(0, 10)
    const created_at = `${date}T10:00:00.000Z`
    const current = (counters.get(type) ?? 0) + 1
    counters.set(type, current)
    global++
    const entry = type === 'tickets' ? `Ticket ${current}/${global}` : `${current}/${global}`
    const name = `${pick(FIRST)} ${pick(LAST)}`
    const employee = pick(EMPLOYEES)
    const receivable = money(250_000)
    const paid_cash = Math.round((receivable * rand() * 0.6) / 100) * 100
    const paid_in_bank = Math.round(((receivable - paid_cash) * rand() * 0.8) / 100) * 100
    const remaining = receivable - paid_cash - paid_in_bank
    const reference = `REF-${Math.floor(rand() * 1e6)}`
    const passport = `${String.fromCharCode(65 + Math.floor(rand() * 26))}${String.fromCharCode(65 + Math.floor(rand() * 26))}${Math.floor(rand() * 1e7)}`
    const sale = { receivable_amount: receivable, paid_cash, paid_in_bank, remaining_amount: remaining }
    let journal = { receivable, paid_cash, paid_in_bank, remaining, withdraw: 0 }
    let id: number
    switch (type) {
      case 'tickets':
      case 'umrah': {
        const payable = Math.round(receivable * 0.85)
        id = insert(type, {
          ...(type === 'tickets'
            ? { employee_name: employee, agent_name: pick(AGENTS) }
            : { user_name: employee }),
          customer_add: name,
          reference,
          entry,
          depart_date: date,
          sector: pick(SECTORS),
          airline: pick(AIRLINES),
          adults: 1 + Math.floor(rand() * 3),
          passport_detail: JSON.stringify([
            {
              title: 'Mr',
              firstName: name.split(' ')[0],
              lastName: name.split(' ')[1],
              documentType: 'Passport',
              documentNo: passport,
            },
          ]),
          ...sale,
          bank_title: paid_in_bank ? pick(BANKS) : '',
          payable_to_vendor: payable,
          vendor_name: pick(VENDORS),
          profit: receivable - payable,
          created_at,
        })
        break
      }
      case 'visa_processing':
        id = insert(type, {
          employee_name: employee,
          file_number: `F-${current}`,
          entry,
          reference,
          sponsor_name: `${pick(FIRST)} Sponsor`,
          visa_number: `V${Math.floor(rand() * 1e8)}`,
          embassy: 'KSA',
          passport_detail: passport,
          customer_add: name,
          embassy_send_date: date,
          ...sale,
          profit: Math.round(receivable * 0.2),
          created_at,
        })
        break
      case 'gamca_tokens':
      case 'navtcc':
      case 'services':
        id = insert(type, {
          ...(type === 'services'
            ? {
                user_name: employee,
                booking_date: date,
                specific_detail: 'Visa stamping',
                visa_type: 'Visit Visa',
              }
            : { employee_name: employee, reference, passport_detail: passport }),
          customer_add: name,
          entry,
          ...sale,
          profit: Math.round(receivable * 0.1),
          created_at,
        })
        break
      case 'protectors': {
        const withdraw = money(8_000)
        id = insert(type, {
          entry,
          employee,
          name,
          passport,
          reference,
          file_no: `F-${current}`,
          withdraw,
          protector_date: date,
          created_at,
        })
        journal = { receivable: 0, paid_cash: 0, paid_in_bank: 0, remaining: 0, withdraw }
        break
      }
      case 'expenses': {
        const withdraw = money(30_000)
        id = insert(type, {
          user_name: employee,
          entry,
          date,
          detail: 'Office expense',
          total_amount: withdraw,
          selection: 'OFFICE EXPENSE',
          withdraw,
          created_at,
        })
        journal = { receivable: 0, paid_cash: 0, paid_in_bank: 0, remaining: 0, withdraw }
        break
      }
      case 'refunded': {
        const withdraw = money(60_000)
        id = insert(type, {
          employee,
          entry,
          date,
          name,
          passport,
          reference,
          total_balance: withdraw,
          withdraw,
          created_at,
        })
        journal = { receivable: 0, paid_cash: 0, paid_in_bank: 0, remaining: 0, withdraw }
        break
      }
      case 'refund_customers':
        id = insert(type, {
          employee,
          entry,
          name,
          date,
          passport,
          reference,
          total_amount: receivable,
          vender_name: pick(VENDORS),
          remaining_amount: remaining,
          paid_cash,
          paid_in_bank,
          balance: remaining,
          created_at,
        })
        break
      default: {
        const withdraw = money(100_000)
        id = insert('vender_entries', {
          vender_name: pick(VENDORS),
          date,
          entry,
          detail: 'Vendor payment',
          withdraw,
          created_at,
        })
        journal = { receivable: 0, paid_cash: 0, paid_in_bank: 0, remaining: 0, withdraw }
      }
    }
    insertJournal.run(
      type,
      id,
      date,
      entry,
      name,
      employee,
      journal.receivable,
      journal.paid_cash,
      journal.paid_in_bank,
      journal.remaining,
      journal.withdraw,
    )
  }

  const batch = db.transaction((n: number) => {
    for (let i = 0; i < n; i++) one()
  })
  const t0 = Date.now()
  for (let done = 0; done < rows; done += 50_000) {
    batch(Math.min(50_000, rows - done))
    if (rows >= 100_000)
      log(
        `  seeded ${Math.min(rows, done + 50_000).toLocaleString('en-US')} / ${rows.toLocaleString('en-US')}`,
      )
  }
  const upsertCounter = db.prepare(
    'INSERT INTO entry_counters (form_type, current_count) VALUES (?, ?) ON CONFLICT (form_type) DO UPDATE SET current_count = excluded.current_count',
  )
  const formType: Record<string, string> = {
    tickets: 'ticket',
    umrah: 'umrah',
    visa_processing: 'visa',
    gamca_tokens: 'gamca',
    services: 'services',
    protectors: 'protector',
    expenses: 'expense',
    refunded: 'refunded',
    navtcc: 'navtcc',
    refund_customers: 'refund',
    vender_entries: 'vender',
  }
  for (const [type, n] of counters) upsertCounter.run(formType[type] ?? type, n)
  upsertCounter.run('_global', global)
  db.close()
  // The rows' search text went to the queue (migration 0006); index it here in big chunks, so the
  // server does not spend its first start on it.
  const indexed = connect(`sqlite:${file}`)
  await drainSearchQueue(indexed, { chunk: 50_000 })
  await indexed.destroy()
  const done = new SQLite(file)
  done.exec('ANALYZE')
  done.pragma('wal_checkpoint(TRUNCATE)')
  done.close()
  log(
    `  seeded ${rows.toLocaleString('en-US')} records in ${((Date.now() - t0) / 1000).toFixed(1)} s → ${file}`,
  )
  const { writeFileSync } = await import('node:fs')
  writeFileSync(`${file}.done`, new Date().toISOString())
  return file
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = Number(process.argv[2] ?? 1_000_000)
  const seed = Number(process.argv[3] ?? 42)
  await seedDatabase(rows, seed)
}
