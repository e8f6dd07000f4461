import { type Kysely, type Migration, sql } from 'kysely'
import type { Db } from './connect.ts'
import { dbKind } from './dialect.ts'
import * as init from './migrations/0001_init.ts'
import * as performance from './migrations/0002_performance.ts'
import * as ledgerIndexes from './migrations/0003_ledger_indexes.ts'
import * as tableCounts from './migrations/0004_table_counts.ts'
import * as search from './migrations/0005_search.ts'
import * as searchQueue from './migrations/0006_search_queue.ts'
import * as checkpointLockOrder from './migrations/0007_checkpoint_lock_order.ts'
import * as idempotency from './migrations/0008_idempotency.ts'
import * as userIdentity from './migrations/0009_user_identity.ts'
import * as trust from './migrations/0010_trust.ts'
import * as journalCustomerNames from './migrations/0011_journal_customer_names.ts'
import * as nameKeys from './migrations/0012_name_keys.ts'
import * as listIndexes from './migrations/0013_list_indexes.ts'
import * as books from './migrations/0014_books.ts'
import * as customerIds from './migrations/0015_customer_ids.ts'
import * as postingMonths from './migrations/0016_posting_months.ts'
import * as customerSearch from './migrations/0017_customer_search.ts'
import * as visaExpiry from './migrations/0018_visa_expiry.ts'
import * as createdAtRanges from './migrations/0019_created_at_ranges.ts'
import * as ticketNumbers from './migrations/0020_ticket_numbers.ts'
import * as resumableBackfill from './migrations/0021_resumable_backfill.ts'
import * as phoneNormalForm from './migrations/0022_phone_normal_form.ts'
import * as paperLanguage from './migrations/0023_paper_language.ts'
import * as bookEntries from './migrations/0024_book_entries.ts'
import * as costPostings from './migrations/0025_cost_postings.ts'
import * as collect from './migrations/0026_collect.ts'
import * as bankStatements from './migrations/0027_bank_statements.ts'
import * as monthEndClose from './migrations/0028_month_end_close.ts'
import * as dayCheckpoints from './migrations/0029_day_checkpoints.ts'
import * as moneyOnce from './migrations/0030_money_once.ts'
import * as deferredCheckpoints from './migrations/0031_deferred_checkpoints.ts'
import * as journalWithoutMoney from './migrations/0032_journal_without_money.ts'
import * as splitCheckpoints from './migrations/0033_split_checkpoints.ts'
import * as accounts from './migrations/0034_accounts.ts'
import * as shareTokenSealed from './migrations/0035_share_token_sealed.ts'
import * as tax from './migrations/0036_tax.ts'
import * as ticketVoid from './migrations/0037_ticket_void.ts'
import * as dayWithoutWorkarounds from './migrations/0038_day_without_workarounds.ts'
import * as taxedSaleSplit from './migrations/0039_taxed_sale_split.ts'
import * as statementAmountIndex from './migrations/0040_statement_amount_index.ts'
import * as portal from './migrations/0041_portal.ts'
import * as currencies from './migrations/0042_currencies.ts'
import * as pendingImports from './migrations/0043_pending_imports.ts'
import * as bookingRequests from './migrations/0044_booking_requests.ts'
import * as revaluation from './migrations/0046_revaluation.ts'
import * as officeCurrency from './migrations/0047_office_currency.ts'
import * as payableCurrencies from './migrations/0049_payable_currencies.ts'
import * as sellingCurrency from './migrations/0050_selling_currency.ts'
import * as vendorPayables from './migrations/0051_vendor_payables.ts'
import * as bankTransfers from './migrations/0052_bank_transfers.ts'
import * as unvendoredPayables from './migrations/0053_unvendored_payables.ts'
import * as fxCheckpoints from './migrations/0055_fx_checkpoints.ts'
import * as saleCurrencyMore from './migrations/0057_sale_currency_more.ts'
import { errorCode, StartupError } from './startup-error.ts'

/** Listed in order; a new migration is a new file plus a line here. */
const migrations: Record<string, Migration> = {
  '0001_init': init,
  '0002_performance': performance,
  '0003_ledger_indexes': ledgerIndexes,
  '0004_table_counts': tableCounts,
  '0005_search': search,
  '0006_search_queue': searchQueue,
  '0007_checkpoint_lock_order': checkpointLockOrder,
  '0008_idempotency': idempotency,
  '0009_user_identity': userIdentity,
  '0010_trust': trust,
  '0011_journal_customer_names': journalCustomerNames,
  '0012_name_keys': nameKeys,
  '0013_list_indexes': listIndexes,
  '0014_books': books,
  '0015_customer_ids': customerIds,
  '0016_posting_months': postingMonths,
  '0017_customer_search': customerSearch,
  '0018_visa_expiry': visaExpiry,
  '0019_created_at_ranges': createdAtRanges,
  '0020_ticket_numbers': ticketNumbers,
  '0021_resumable_backfill': resumableBackfill,
  '0022_phone_normal_form': phoneNormalForm,
  '0023_paper_language': paperLanguage,
  '0024_book_entries': bookEntries,
  '0025_cost_postings': costPostings,
  '0026_collect': collect,
  '0027_bank_statements': bankStatements,
  '0028_month_end_close': monthEndClose,
  '0029_day_checkpoints': dayCheckpoints,
  '0030_money_once': moneyOnce,
  '0031_deferred_checkpoints': deferredCheckpoints,
  '0032_journal_without_money': journalWithoutMoney,
  '0033_split_checkpoints': splitCheckpoints,
  '0034_accounts': accounts,
  '0035_share_token_sealed': shareTokenSealed,
  '0036_tax': tax,
  '0037_ticket_void': ticketVoid,
  '0038_day_without_workarounds': dayWithoutWorkarounds,
  '0039_taxed_sale_split': taxedSaleSplit,
  '0040_statement_amount_index': statementAmountIndex,
  '0041_portal': portal,
  '0042_currencies': currencies,
  '0043_pending_imports': pendingImports,
  '0044_booking_requests': bookingRequests,
  '0046_revaluation': revaluation,
  '0047_office_currency': officeCurrency,
  '0049_payable_currencies': payableCurrencies,
  '0050_selling_currency': sellingCurrency,
  '0051_vendor_payables': vendorPayables,
  '0052_bank_transfers': bankTransfers,
  '0053_unvendored_payables': unvendoredPayables,
  '0055_fx_checkpoints': fxCheckpoints,
  '0057_sale_currency_more': saleCurrencyMore,
}

/**
 * Until 2026-11-25 the numbers 0008, 0010 and 0016 were each used twice (and 0014 not at all); the
 * files were renumbered once, in the order they always ran. A database upgraded by an earlier
 * release recorded the old names: they are rewritten to these before anything is compared.
 */
export const RENAMED: ReadonlyArray<readonly [string, string]> = [
  ['0008_user_identity', '0009_user_identity'],
  ['0009_trust', '0010_trust'],
  ['0010_journal_customer_names', '0011_journal_customer_names'],
  ['0010_name_keys', '0012_name_keys'],
  ['0011_list_indexes', '0013_list_indexes'],
  ['0012_books', '0014_books'],
  ['0013_customer_ids', '0015_customer_ids'],
  ['0015_posting_months', '0016_posting_months'],
  ['0016_customer_search', '0017_customer_search'],
  ['0016_visa_expiry', '0018_visa_expiry'],
  ['0017_created_at_ranges', '0019_created_at_ranges'],
]

/** Bookkeeping table Kysely's Migrator created in earlier versions; kept, so old databases carry on. */
const TABLE = 'kysely_migration'
/** What the runner itself reads and writes; each migration gets the transaction as Kysely's Migration types it. */
type Migrating = Kysely<{ [TABLE]: { name: string; timestamp: string } }>
/** pg_advisory_xact_lock key shared by every server on one PostgreSQL database ("book" in ASCII). */
const PG_LOCK_KEY = 0x626f6f6b

/** A signal arrived while migrating: the step in progress was rolled back. */
export class MigrationInterrupted extends StartupError {}

export interface MigrateOptions {
  /** Aborted (SIGINT/SIGTERM): the running migration rolls back instead of committing, and nothing more runs. */
  signal?: AbortSignal
  /** Told before each migration that this call applies. */
  onApply?: (name: string) => void
  /** Stop after this migration (tests build an older release's schema with it). */
  until?: string
}

/**
 * Tests only: MIGRATION_TEST_PAUSE=<name>:<ms> waits that long inside that migration's
 * transaction, after its changes and before its bookkeeping row, so a test can kill the process
 * at the worst moment.
 */
const testPause = async (name: string, signal?: AbortSignal) => {
  const [at, ms] = (process.env.MIGRATION_TEST_PAUSE ?? '').split(':')
  if (at !== name) return
  console.log(`MIGRATION_TEST_PAUSE: pausing ${ms} ms inside ${name}`)
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Number(ms))
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })
}

/**
 * Runs one transaction that holds the migration lock: on PostgreSQL an advisory lock that every
 * server takes first; on SQLite the write lock that BEGIN IMMEDIATE takes (see sqlite-dialect.ts).
 * A SQLite server that waits longer than busy_timeout for another one's migration keeps waiting.
 */
const locked = async <T>(db: Migrating, work: (trx: Migrating) => Promise<T>, signal?: AbortSignal) => {
  let told = false
  for (;;) {
    try {
      return await db.transaction().execute(async (trx) => {
        if (dbKind(db) === 'postgres') await sql`SELECT pg_advisory_xact_lock(${PG_LOCK_KEY})`.execute(trx)
        return work(trx)
      })
    } catch (err) {
      if (errorCode(err) !== 'SQLITE_BUSY' || signal?.aborted) throw err
      if (!told) console.log('Waiting for another server to finish migrating the database...')
      told = true
    }
  }
}

/**
 * Brings the schema up to date, each migration and its bookkeeping row in one transaction under
 * the migration lock, so an interrupted upgrade (a kill, a power cut, a signal) leaves the
 * database at the previous migration and the next start runs the interrupted one again; two
 * servers starting at once apply each migration once, the second after the first.
 */
export const migrateToLatest = async (database: Db, { signal, onApply, until }: MigrateOptions = {}) => {
  const db = database as unknown as Migrating
  await locked(db, (trx) =>
    trx.schema
      .createTable(TABLE)
      .ifNotExists()
      .addColumn('name', 'varchar(255)', (c) => c.notNull().primaryKey())
      .addColumn('timestamp', 'varchar(255)', (c) => c.notNull())
      .execute(),
  ).catch((err: unknown) => {
    // The first statement: an unreachable server, a wrong password or a full disk shows here.
    const code = errorCode(err)
    throw new StartupError(
      `Cannot prepare the database: ${(err as Error).message}${code ? ` (${code})` : ''}`,
      {
        cause: err,
      },
    )
  })
  // Names as earlier releases recorded them, before each number was used once (2026-11-25).
  await locked(db, async (trx) => {
    for (const [from, to] of RENAMED)
      await trx.updateTable(TABLE).set({ name: to }).where('name', '=', from).execute()
  })
  const applied = async (trx: Migrating) =>
    new Set((await trx.selectFrom(TABLE).select('name').execute()).map((r) => r.name as string))

  const known = Object.keys(migrations)
  const unknown = [...(await applied(db))].filter((n) => !known.includes(n))
  if (unknown.length > 0) {
    throw new StartupError(
      `The database has migrations this server does not know (${unknown.join(', ')}): it was upgraded by a newer version.`,
    )
  }

  for (const [name, migration] of Object.entries(migrations)) {
    if (signal?.aborted) throw new MigrationInterrupted('Start-up interrupted before all migrations ran.')
    try {
      await locked(
        db,
        async (trx) => {
          // Another server may have applied it while this one waited for the lock.
          if ((await applied(trx)).has(name)) return
          onApply?.(name)
          await migration.up(trx)
          await testPause(name, signal)
          if (signal?.aborted) {
            throw new MigrationInterrupted(
              `Interrupted during migration ${name}: it was rolled back; the next start runs it again.`,
            )
          }
          await trx.insertInto(TABLE).values({ name, timestamp: new Date().toISOString() }).execute()
        },
        signal,
      )
      if (name === until) return
    } catch (err) {
      if (err instanceof StartupError) throw err
      const code = errorCode(err)
      throw new StartupError(
        `Migration ${name} failed and was rolled back: ${(err as Error).message}${code ? ` (${code})` : ''}`,
        { cause: err },
      )
    }
  }
}
