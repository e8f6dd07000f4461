import { normalizePhone } from '@booking/shared'
import type { Kysely } from 'kysely'

/**
 * Customers' mobile numbers in the one stored form (decision 047), so a duplicate check or a
 * search by the typed number finds those saved before. Text that is not a phone number is left
 * as it was: the edit form then asks for it again rather than this step dropping it.
 */
const BATCH = 1000

export async function up(db: Kysely<any>): Promise<void> {
  let after = 0
  for (;;) {
    const rows: { id: number; mobile_number: string | null }[] = await db
      .selectFrom('customers')
      .select(['id', 'mobile_number'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute()
    if (rows.length === 0) return
    for (const r of rows) {
      const phone = r.mobile_number ? normalizePhone(r.mobile_number) : ''
      if (phone && phone !== r.mobile_number)
        await db.updateTable('customers').set({ mobile_number: phone }).where('id', '=', r.id).execute()
    }
    after = rows[rows.length - 1]!.id
  }
}

/** The typed forms are gone; the normal form reads the same number, so nothing to undo. */
export async function down(): Promise<void> {}
