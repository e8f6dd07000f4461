import { connect, createServer, type Server, type Socket } from 'node:net'

/**
 * A TCP proxy that behaves like a slow mobile link between the browser and the server: every byte
 * either way is paced at the link's rate (one shared link, as on a phone), then arrives half a
 * round trip later; a new connection pays one round trip (the TCP handshake) before its first byte.
 * It shapes what Chromium's own throttling (CDP Network.emulateNetworkConditions) misses: a
 * service worker's fetches are its own target's, not the page's, so they would go at full speed.
 */
export interface Link {
  /** Bits per second, each way. */
  kbps: number
  rttMs: number
}

export const SLOW_3G: Link = { kbps: 400, rttMs: 400 }

export const startSlowLink = async (
  listenPort: number,
  targetPort: number,
  link: Link,
): Promise<{ server: Server; bytesDown: () => number; close: () => Promise<void> }> => {
  const bytesPerMs = (link.kbps * 1000) / 8 / 1000
  const half = link.rttMs / 2
  const free = { down: 0, up: 0 }
  let down = 0
  const sockets = new Set<Socket>()
  /** Serialised on the shared link, then delivered half a round trip later, in order. */
  const pace = (way: 'down' | 'up', chunk: Buffer, to: Socket) => {
    const now = performance.now()
    const startAt = Math.max(now, free[way])
    free[way] = startAt + chunk.length / bytesPerMs
    if (way === 'down') down += chunk.length
    setTimeout(() => to.writable && to.write(chunk), free[way] + half - now)
  }
  const server = createServer((client) => {
    sockets.add(client)
    const upstream = connect(targetPort, '127.0.0.1')
    sockets.add(upstream)
    const opened = performance.now() + link.rttMs
    const held: Buffer[] = []
    let ready = false
    setTimeout(() => {
      ready = true
      for (const chunk of held.splice(0)) pace('up', chunk, upstream)
    }, link.rttMs)
    client.on('data', (chunk: Buffer) => (ready ? pace('up', chunk, upstream) : held.push(chunk)))
    upstream.on('data', (chunk: Buffer) => pace('down', chunk, client))
    const end = () => {
      // After the last paced byte has gone.
      const wait = Math.max(free.down, free.up, opened) + half - performance.now() + 5
      setTimeout(
        () => {
          client.destroy()
          upstream.destroy()
          sockets.delete(client)
          sockets.delete(upstream)
        },
        Math.max(0, wait),
      )
    }
    client.on('close', end)
    upstream.on('close', end)
    client.on('error', end)
    upstream.on('error', end)
  })
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve))
  return {
    server,
    bytesDown: () => down,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
