import { type Kysely, type Migration, Migrator } from 'kysely'
import * as init from './migrations/0001_init.ts'
import * as performance from './migrations/0002_performance.ts'
import * as ledgerIndexes from './migrations/0003_ledger_indexes.ts'
import * as tableCounts from './migrations/0004_table_counts.ts'
import * as search from './migrations/0005_search.ts'
import * as searchQueue from './migrations/0006_search_queue.ts'
import * as journalCustomerNames from './migrations/0010_journal_customer_names.ts'
import * as nameKeys from './migrations/0010_name_keys.ts'

/** Listed in order; a new migration is a new file plus a line here. */
const migrations: Record<string, Migration> = {
  '0001_init': init,
  '0002_performance': performance,
  '0003_ledger_indexes': ledgerIndexes,
  '0004_table_counts': tableCounts,
  '0005_search': search,
  '0006_search_queue': searchQueue,
  '0010_journal_customer_names': journalCustomerNames,
  '0010_name_keys': nameKeys,
}

export const migrateToLatest = async (db: Kysely<any>) => {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
  }
}
