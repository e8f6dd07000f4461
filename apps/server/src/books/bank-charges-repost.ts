import type { Db } from '../db/connect.ts'
import { moneyOut } from '../db/money-columns.ts'
import type { ApiRow } from '../lib/crud.ts'
import { writeTransaction } from '../lib/write-batch.ts'
import { lockedThrough } from './lock.ts'
import { registeredPosters } from './registry.ts'

const PAGE = 200

/**
 * Migration 0036 marks the bank charges and bank profit the reconciliation posted to the owner's
 * equity (office_purposes, reposted 0). At start, before the server serves, each is posted again
 * with today's rule: the books append a reversal of its entry and a new one to "Bank charges" or
 * "Bank profit" (issue 36 item 6, decision 091). Each page commits with its marks, so an upgrade
 * stopped half-way resumes; posting is idempotent per source.
 */
export const repostBankCharges = async (db: Db) => {
  const post = registeredPosters().find(([t]) => t === 'account_entries')?.[1]
  if (!post) return
  for (;;) {
    const done = await writeTransaction(db, async (trx) => {
      const marks = await trx
        .selectFrom('office_purposes')
        .select('entry_id')
        .where('reposted', '=', 0)
        .orderBy('entry_id')
        .limit(PAGE)
        .execute()
      if (marks.length === 0) return true
      const ids = marks.map((m) => Number(m.entry_id))
      const rows = await trx.selectFrom('account_entries').selectAll().where('id', 'in', ids).execute()
      // A closed day's entries stay as they were (the books refuse them): marked 2, left to the admin.
      const through = await lockedThrough(trx)
      const closed: number[] = []
      for (const raw of rows) {
        const row = moneyOut('account_entries', raw) as ApiRow<'account_entries'>
        if (through && row.date <= through) closed.push(row.id)
        else await post(trx, row, { lenient: true, before: null })
      }
      await trx.updateTable('office_purposes').set({ reposted: 1 }).where('entry_id', 'in', ids).execute()
      if (closed.length > 0)
        await trx
          .updateTable('office_purposes')
          .set({ reposted: 2 })
          .where('entry_id', 'in', closed)
          .execute()
      return false
    })
    if (done) return
  }
}
