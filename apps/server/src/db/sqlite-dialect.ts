import type { DatabaseConnection } from 'kysely'
import { CompiledQuery, type Driver, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely'

/**
 * Kysely's SqliteDriver begins transactions DEFERRED: the first write upgrades a read lock to the
 * write lock, and that upgrade fails at once with SQLITE_BUSY (no busy-timeout wait) when another
 * process wrote in between. Every transaction here writes, so it takes the write lock at BEGIN,
 * where a second server on the same file waits on busy_timeout instead of answering 500.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  #inTransaction: () => boolean

  constructor(config: SqliteDialectConfig, inTransaction: () => boolean) {
    super(config)
    this.#inTransaction = inTransaction
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'))
  }

  /**
   * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR); a second
   * ROLLBACK would then fail with "cannot rollback - no transaction is active" and hide the cause.
   */
  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (this.#inTransaction()) await super.rollbackTransaction(connection)
  }
}

export class ImmediateSqliteDialect extends SqliteDialect {
  #config: SqliteDialectConfig
  #inTransaction: () => boolean

  constructor(config: SqliteDialectConfig & { inTransaction: () => boolean }) {
    const { inTransaction, ...rest } = config
    super(rest)
    this.#config = rest
    this.#inTransaction = inTransaction
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#inTransaction)
  }
}
