import { rmSync } from 'node:fs'
import { buildApp } from '../apps/server/src/app.ts'
import { booksCheck, trialBalance } from '../apps/server/src/areas/readers/reports/trial-balance.ts'
import { seedPreviousRelease } from '../apps/server/test/previous-release.ts'

/**
 * The books' upgrade from the previous release on SQLite: `node --import tsx bench/upgrade.ts`.
 * UPGRADE_RECORDS (default 1,000,000) records of four kinds (tickets with their three ledger rows,
 * agent cash, vendor payments, visas) are written in bulk into a database of the previous release,
 * then the app starts on it (migrations, then the chunked backfill, decision 040) and the books are
 * checked against the records' sums.
 */
const records = Number(process.env.UPGRADE_RECORDS ?? 1_000_000)
const file = `/tmp/booking-bench/upgrade-${records}.db`
for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}.jwt-key`]) rmSync(f, { force: true })
const t0 = performance.now()
const expected = await seedPreviousRelease(`sqlite:${file}`, Math.round(records / 4))
const seeded = performance.now()
console.log(
  `seeded ${expected.records.toLocaleString('en-US')} records in ${((seeded - t0) / 1000).toFixed(1)} s`,
)
const app = await buildApp({
  databaseUrl: `sqlite:${file}`,
  jwtSecret: 'bench-secret-at-least-32-characters-long',
})
const upgraded = performance.now()
try {
  const check = await booksCheck(app.db)
  const tb = await trialBalance(app.db)
  const balance = (code: string) => tb.accounts.find((a) => a.code === code)?.balance
  const matches =
    check.ok &&
    balance('cash') === expected.cash &&
    balance('agent:Agent A') === expected.agent &&
    balance('vendor:Vendor V') === expected.vendor &&
    balance('bank:UBL Account 1') === expected.bankUbl
  console.log(
    `upgraded (migrations + books backfill of ${expected.rows.toLocaleString('en-US')} rows) in ${((upgraded - seeded) / 1000).toFixed(1)} s; books check ${check.ok ? 'OK' : 'FAILED'}; balances ${matches ? 'match' : 'DIFFER'}`,
  )
} finally {
  await app.close()
}
