import type { StatementMapping } from '@booking/shared'
import { HttpError } from '../../../lib/http-error.ts'
import { runOutside } from '../../platform/outside/outside-pool.ts'
import { STATEMENT_LIMITS } from './statement-limits.ts'
import type { StatementMapped, StatementRead, StatementSource, WorkerJob } from './statement-read.ts'

/**
 * Statement files are read off the main thread (issue 33 item 1, decision 085), in the outside
 * workers (platform/outside): a heap cap, a time limit, stopped when the request goes away. A file
 * that blows the cap or the time is refused by name; the server goes on serving.
 */

const TOO_BIG = 'The file is too large to read (it needs more memory than a statement may use)'
const TOO_SLOW = `The file took longer than ${STATEMENT_LIMITS.readMs / 1000} s to read`

const inWorker = <T extends object>(job: WorkerJob, signal: AbortSignal) =>
  runOutside<T>(
    {
      module: new URL('./statement-read.ts', import.meta.url).href,
      fn: 'runJob',
      arg: job,
      ms: STATEMENT_LIMITS.readMs,
      tooSlow: TOO_SLOW,
      tooBig: TOO_BIG,
      field: 'file',
    },
    signal,
  )

/** The rows of a statement file, read in a worker; a refusal is an HttpError (400 or 413). */
export const readStatementFile = async (
  source: StatementSource,
  signal: AbortSignal,
): Promise<string[][]> => {
  const read = await inWorker<StatementRead>({ file: source }, signal)
  if ('refused' in read)
    throw new HttpError(read.refused.status, read.refused.message, { file: read.refused.message })
  return read.rows
}

/** The first `head` rows of a statement file and how many it has (a preview), read in a worker. */
export const readStatementHead = async (
  source: StatementSource,
  head: number,
  signal: AbortSignal,
): Promise<{ rows: string[][]; total: number }> => {
  const read = await inWorker<StatementRead>({ file: source, head }, signal)
  if ('refused' in read)
    throw new HttpError(read.refused.status, read.refused.message, { file: read.refused.message })
  return { rows: read.rows, total: read.total ?? read.rows.length }
}

/**
 * An import's file read and its rows mapped to statement lines, with their identities, all in the
 * reading worker: 10,000 rows took a few hundred ms of the main thread, which stalled every other
 * request (issue 33 item 2). The same functions the main thread used (readStatement).
 */
export const readStatementLines = async (
  source: StatementSource,
  mapping: StatementMapping,
  signal: AbortSignal,
): Promise<StatementMapped> => {
  const done = await inWorker<StatementRead | StatementMapped>({ file: source, mapping }, signal)
  if ('refused' in done)
    throw new HttpError(done.refused.status, done.refused.message, { file: done.refused.message })
  if ('rows' in done) throw new Error('the reading worker returned rows for an import')
  return done
}
