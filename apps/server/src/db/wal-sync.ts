import { closeSync, fsync, fsyncSync, openSync } from 'node:fs'

/**
 * The durable commit of the server's SQLite connection (decision 071). The connection runs with
 * synchronous = NORMAL: a commit appends its frames to the write-ahead log without waiting for the
 * disk. This flushes the log itself after every commit, before anyone is answered, so a 2xx still
 * means the write is on disk, as with FULL: at once (fsyncSync) for any commit, or, for the
 * record writes' group commit (lib/write-batch.ts), on a libuv thread while the event loop goes on
 * with the next batch. One fsync of the log covers every commit before it (it flushes the file).
 */
export class WalSync {
  #path: string
  #fd: number | null = null
  #deferNext = false
  /** A statement wrote since the last commit was flushed. */
  #wrote = false
  /** Flushes so far, at once or deferred (a test counts them). */
  flushes = 0

  constructor(databaseFile: string) {
    this.#path = `${databaseFile}-wal`
  }

  #handle() {
    // The log exists from the connection's first transaction and stays (the same file) while it is open.
    this.#fd ??= openSync(this.#path, 'r')
    return this.#fd
  }

  /**
   * The commit of the open transaction is flushed by its caller (`sync`), not at once: called by
   * the group commit as the last step inside its transaction, when nothing else can use the
   * connection. A transaction that wrote nothing has no commit to flush (and defers none).
   */
  deferNextCommit() {
    this.#deferNext = this.#wrote
  }

  /** The deferred commit failed: the next one syncs as usual. */
  cancelDeferred() {
    this.#deferNext = false
  }

  /**
   * After each statement on the connection: once a write is no longer inside an open transaction
   * (its COMMIT, ROLLBACK or an autocommit write ran), the log is flushed, unless deferred.
   */
  afterStatement(writes: boolean, inTransaction: () => boolean) {
    if (writes) this.#wrote = true
    if (!this.#wrote || inTransaction()) return
    this.#wrote = false
    if (this.#deferNext) {
      this.#deferNext = false
      return
    }
    fsyncSync(this.#handle())
    this.flushes++
  }

  /** The log on disk, off the event loop. */
  sync(): Promise<void> {
    const fd = this.#handle()
    return new Promise((resolve, reject) =>
      fsync(fd, (err) => {
        if (err) return reject(err)
        this.flushes++
        resolve()
      }),
    )
  }

  close() {
    if (this.#fd !== null) closeSync(this.#fd)
    this.#fd = null
  }
}
