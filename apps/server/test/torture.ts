import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import SQLite from 'better-sqlite3'
import { ensureNames, sqliteInvariants, ticketBody } from './load.ts'
import { call, freePort, login, ready, type ServerProcess, startServer } from './server-process.ts'

/**
 * The kill -9 loop: a real server on a SQLite file under concurrent create/edit/delete load is
 * killed at a random moment, restarted, and checked. Every write that was answered 2xx must be
 * there (edits with the acknowledged figures, deletes gone), a write whose answer was lost may
 * be there or not but only whole, and sqliteInvariants must hold. `npm run torture` runs the long
 * form and prints the figures; torture.sqlite.test.ts the short one.
 */
export interface TortureOptions {
  kills: number
  /** Concurrent clients. */
  workers?: number
  /** Load before each kill, a random time in [min, max] ms. */
  loadMs?: [number, number]
  log?: (line: string) => void
}

export interface TortureFigures {
  kills: number
  acknowledged: { creates: number; edits: number; deletes: number }
  /** Requests in flight when the server died (their outcome is read back from the file). */
  inFlight: number
  lost: number
  halfSaved: number
  duplicates: number
  otherProblems: string[]
  /** Answers other than 2xx while the server was up (0 expected). */
  failedAnswers: number
  seconds: number
  restartMs: { median: number; max: number }
}

interface Tracked {
  id: number
  reference: string
  /** receivable_amount as last acknowledged, and the value of an edit whose answer was lost. */
  value: number
  pending?: number
  deleted: boolean
  deletePending: boolean
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export const runTorture = async ({
  kills,
  workers = 12,
  loadMs = [300, 1200],
  log = () => {},
}: TortureOptions): Promise<TortureFigures> => {
  const started = Date.now()
  const dir = mkdtempSync(join(tmpdir(), 'booking-torture-'))
  const file = join(dir, 'booking.db')
  const url = `sqlite:${file}`
  const port = await freePort()
  const restarts: number[] = []
  let server: ServerProcess = await ready(startServer(url, port))
  let token = await login(server.url)
  await ensureNames(server.url, token)

  const records: Tracked[] = []
  const pendingCreates = new Set<string>()
  const figures: TortureFigures = {
    kills: 0,
    acknowledged: { creates: 0, edits: 0, deletes: 0 },
    inFlight: 0,
    lost: 0,
    halfSaved: 0,
    duplicates: 0,
    otherProblems: [],
    failedAnswers: 0,
    seconds: 0,
    restartMs: { median: 0, max: 0 },
  }
  let serial = 0
  let value = 100_000

  const worker = async (w: number, stop: () => boolean) => {
    while (!stop()) {
      const mine = records.filter((r) => !r.deleted && !r.deletePending && r.pending === undefined)
      const roll = Math.random()
      if (roll < 0.5 || mine.length < 3) {
        const reference = `w${w}-${++serial}`
        const receivable = ++value
        pendingCreates.add(reference)
        const res = await call(server.url, token, 'POST', '/api/ticket', ticketBody(reference, receivable))
        if (res.status === 201) {
          pendingCreates.delete(reference)
          figures.acknowledged.creates++
          records.push({
            id: res.body.ticket.id,
            reference,
            value: receivable,
            deleted: false,
            deletePending: false,
          })
        } else if (res.status === 0) {
          figures.inFlight++
          return
        } else figures.failedAnswers++
      } else {
        const r = mine[Math.floor(Math.random() * mine.length)]!
        if (roll < 0.8) {
          const receivable = ++value
          r.pending = receivable
          const res = await call(
            server.url,
            token,
            'PUT',
            `/api/ticket/${r.id}`,
            ticketBody(r.reference, receivable),
          )
          if (res.status === 200) {
            figures.acknowledged.edits++
            r.value = receivable
            r.pending = undefined
          } else if (res.status === 0) {
            figures.inFlight++
            return
          } else {
            r.pending = undefined
            figures.failedAnswers++
          }
        } else {
          r.deletePending = true
          const res = await call(server.url, token, 'DELETE', `/api/ticket/${r.id}`)
          if (res.status === 200) {
            figures.acknowledged.deletes++
            r.deleted = true
            r.deletePending = false
          } else if (res.status === 0) {
            figures.inFlight++
            return
          } else {
            r.deletePending = false
            figures.failedAnswers++
          }
        }
      }
    }
  }

  /** Compares the file with what was acknowledged, then takes the lost answers' outcomes as the truth. */
  const verify = () => {
    const db = new SQLite(file, { readonly: true, timeout: 10_000 })
    try {
      const byId = db.prepare('SELECT id, reference, receivable_amount FROM tickets WHERE id = ?')
      const byReference = db.prepare('SELECT id, receivable_amount FROM tickets WHERE reference = ?')
      for (const r of records) {
        if (r.deleted) {
          if (byId.get(r.id)) {
            figures.lost++
            figures.otherProblems.push(`ticket ${r.id} came back after its delete was acknowledged`)
          }
          continue
        }
        const row = byId.get(r.id) as { reference: string; receivable_amount: number } | undefined
        if (!row) {
          if (r.deletePending) r.deleted = true
          else {
            figures.lost++
            figures.otherProblems.push(`acknowledged ticket ${r.id} (${r.reference}) is missing`)
          }
        } else {
          const amount = row.receivable_amount / 100
          if (amount === r.value || amount === r.pending) r.value = amount
          else {
            figures.lost++
            figures.otherProblems.push(`ticket ${r.id} has ${amount}, acknowledged ${r.value}`)
          }
        }
        r.pending = undefined
        r.deletePending = false
      }
      for (const reference of pendingCreates) {
        const row = byReference.get(reference) as { id: number; receivable_amount: number } | undefined
        if (row) {
          records.push({
            id: row.id,
            reference,
            value: row.receivable_amount / 100,
            deleted: false,
            deletePending: false,
          })
        }
      }
      pendingCreates.clear()
    } finally {
      db.close()
    }
    for (const p of sqliteInvariants(file)) {
      if (p.startsWith('duplicate')) figures.duplicates++
      else if (p.includes('without') || p.includes('missing')) figures.halfSaved++
      figures.otherProblems.push(p)
    }
  }

  try {
    for (let k = 0; k < kills; k++) {
      let stopped = false
      const load = Array.from({ length: workers }, (_, w) => worker(w, () => stopped))
      // The window starts once the restarted server answers writes (its first ones are slow).
      const acked = () =>
        figures.acknowledged.creates + figures.acknowledged.edits + figures.acknowledged.deletes
      const before = acked()
      for (let i = 0; i < 600 && acked() === before; i++) await sleep(50)
      await sleep(loadMs[0] + Math.random() * (loadMs[1] - loadMs[0]))
      server.child.kill('SIGKILL')
      await server.exited
      stopped = true
      await Promise.all(load)
      figures.kills++
      const t = Date.now()
      server = await ready(startServer(url, port))
      restarts.push(Date.now() - t)
      verify()
      token = await login(server.url)
      const a = figures.acknowledged
      log(
        `kill ${k + 1}/${kills}: ${a.creates + a.edits + a.deletes} acknowledged so far, ` +
          `${figures.lost} lost, ${figures.halfSaved} half-saved, ${figures.duplicates} duplicated, restart ${restarts.at(-1)} ms`,
      )
    }
  } finally {
    server.child.kill('SIGKILL')
    await server.exited
    rmSync(dir, { recursive: true, force: true })
  }
  restarts.sort((a, b) => a - b)
  figures.restartMs = { median: restarts[Math.floor(restarts.length / 2)] ?? 0, max: restarts.at(-1) ?? 0 }
  figures.seconds = Math.round((Date.now() - started) / 1000)
  return figures
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const kills = Number(process.env.TORTURE_KILLS ?? 30)
  const figures = await runTorture({
    kills,
    workers: Number(process.env.TORTURE_WORKERS ?? 16),
    log: console.log,
  })
  const a = figures.acknowledged
  console.log(`
kills survived        ${figures.kills}
acknowledged writes   ${a.creates + a.edits + a.deletes} (${a.creates} creates, ${a.edits} edits, ${a.deletes} deletes)
in flight at a kill   ${figures.inFlight}
lost                  ${figures.lost}
half-saved            ${figures.halfSaved}
duplicated entries    ${figures.duplicates}
non-2xx while up      ${figures.failedAnswers}
integrity_check       ${figures.otherProblems.some((p) => p.startsWith('integrity')) ? 'FAILED' : 'ok after every restart'}
restart to ready      median ${figures.restartMs.median} ms, max ${figures.restartMs.max} ms
time                  ${figures.seconds} s`)
  for (const p of figures.otherProblems) console.log(`PROBLEM: ${p}`)
  process.exit(figures.otherProblems.length === 0 && figures.failedAnswers === 0 ? 0 : 1)
}
