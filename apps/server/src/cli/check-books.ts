import { booksCheck } from '../books/check.ts'
import { connect } from '../db/connect.ts'

/**
 * `npm run check-books [DATABASE_URL]`: the full books check (decision 073): every entry balanced,
 * every reversal exact, every month and day checkpoint and the books' total against the lines, and
 * what is kept beside them (All Bookings' row counts, ledger month counts, records' remaining). Reads one
 * snapshot, safe while the server runs; prints its time. Exit code 1 on a divergence.
 */
const url = process.argv[2] ?? process.env.DATABASE_URL ?? 'sqlite:./data/booking.db'
const db = connect(url)
try {
  const answer = await booksCheck(db, { full: true })
  const lines = answer.lines.toLocaleString('en-US')
  if (answer.ok) {
    console.log(
      `Books OK: ${answer.checked.toLocaleString('en-US')} figures over ${lines} lines (${answer.ms} ms)`,
    )
  } else {
    const d = answer.first_divergence
    console.log(
      `Books DIFFER (${answer.ms} ms): ${d?.check} ${d?.account} ${d?.row}: stored ${d?.stored}, from the lines ${d?.computed}`,
    )
  }
  process.exitCode = answer.ok ? 0 : 1
} catch (err) {
  console.error(`The books cannot be checked: ${(err as Error).message}`)
  process.exitCode = 1
} finally {
  await db.destroy()
}
