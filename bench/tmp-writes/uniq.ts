import SQLite from 'better-sqlite3'
import { startTestApp } from '/work/wt/writes/apps/server/test/harness.ts'

const t = await startTestApp()
const db = new SQLite(t.databaseUrl.slice(7))
for (const tb of [
  'tickets',
  'journal',
  'record_passports',
  'agent_entries',
  'account_entries',
  'vender_entries',
  'book_entries',
  'posting_lines',
  'audit_log',
  'search_queue',
  'entry_counters',
  'posting_months',
]) {
  const idx = db
    .prepare(`select name, sql from sqlite_master where type='index' and tbl_name=?`)
    .all(tb) as any[]
  console.log(
    tb,
    idx
      .filter((i) => /unique/i.test(i.sql ?? '') || i.sql === null)
      .map((i) => i.name + ':' + (i.sql ?? 'auto'))
      .join(' | '),
  )
}
console.log(
  db
    .prepare(`select name, tbl_name from sqlite_master where type='trigger'`)
    .all()
    .map((x: any) => x.name)
    .join(' '),
)
db.close()
await t.close()
