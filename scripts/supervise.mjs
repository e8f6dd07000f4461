// Runs the server and starts it again when it crashes (issue 33 item 7), saying so. A server that
// stops before it is ready (bad configuration, port in use, an interrupted upgrade) is not
// restarted: its exit code is passed on. Ctrl+C or SIGTERM stops both.
//   node scripts/supervise.mjs <command> [args...]     (npm start runs it through start.mjs)
import { spawn } from 'node:child_process'

const stamp = () => new Date().toISOString().replace('T', ' ').slice(0, 19)

/** Runs `command` until it stops on purpose; resolves with the exit code to leave with. */
export const supervise = (command, args, options = {}) =>
  new Promise((resolve) => {
    let stopping = false
    let child
    let delay = 1000
    const run = () => {
      const startedAt = Date.now()
      let ready = false
      // Its own process group: a terminal's Ctrl+C reaches the supervisor, which passes it on once.
      child = spawn(command, args, {
        ...options,
        stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
        detached: true,
      })
      child.on('message', (m) => {
        if (m === 'ready') {
          ready = true
          console.log(`[supervisor] server ready (pid ${child.pid})`)
        }
      })
      child.on('exit', (code, signal) => {
        if (stopping || !ready || code === 0) {
          resolve(code ?? (signal ? 1 : 0))
          return
        }
        // A server that keeps crashing soon after it starts waits longer each time (at most 30 s).
        if (Date.now() - startedAt > 60_000) delay = 1000
        const wait = delay
        delay = Math.min(delay * 2, 30_000)
        const why = signal ? `signal ${signal}` : `exit code ${code}`
        console.error(
          `[supervisor] ${stamp()} the server stopped unexpectedly (${why}); restarting it in ${wait / 1000} s`,
        )
        setTimeout(() => {
          if (stopping) resolve(code ?? 1)
          else run()
        }, wait)
      })
    }
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.on(signal, () => {
        stopping = true
        if (child && child.exitCode === null && child.signalCode === null) child.kill(signal)
        else resolve(130)
      })
    }
    // If the supervisor itself goes, the server goes with it.
    process.on('exit', () => {
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    })
    run()
  })

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, ...args] = process.argv.slice(2)
  if (!command) {
    console.error('usage: node scripts/supervise.mjs <command> [args...]')
    process.exit(2)
  }
  process.exit(await supervise(command, args))
}
