// The web app's service worker (issue 35 item 5, decision 117). The build (build/service-worker.ts)
// fills in VERSION (a hash of the build's files) and SHELL (index.html, the entry's chunks and
// CSS, the sign-in and desk screens, the icons), so a new build is a new worker and a new cache.
const VERSION = '__VERSION__'
const SHELL = ['__SHELL__']

const SHELL_CACHE = `shell-${VERSION}`
/** The agent's last balance and statement; nothing else of the API is ever kept (decision 117). */
const DESK_CACHE = '__DESK_CACHE__'
const DESK_ANSWERS = { '/api/portal/me': '/desk-last/me', '/api/portal/statement': '/desk-last/statement' }

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('shell-') && k !== SHELL_CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  )
})

/** The signed-in user's id from the bearer token (the JWT's subject), or null. */
const userOf = (request) => {
  const token = (request.headers.get('Authorization') || '').replace(/^Bearer /, '')
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')))
    return payload.sub ? String(payload.sub) : null
  } catch {
    return null
  }
}

/**
 * Network first; a 200 is kept with the time it came and whose it is. Without the network the kept
 * answer goes back only to the same user's token, with the time in X-Offline-As-Of.
 */
const deskAnswer = async (request, key) => {
  const user = userOf(request)
  try {
    const answer = await fetch(request)
    if (answer.ok && user) {
      const body = await answer.clone().arrayBuffer()
      const headers = new Headers({
        'Content-Type': 'application/json',
        'X-Saved-At': new Date().toISOString(),
        'X-User': user,
      })
      const cache = await caches.open(DESK_CACHE)
      await cache.put(key, new Response(body, { headers }))
    }
    return answer
  } catch (offline) {
    const kept = user ? await (await caches.open(DESK_CACHE)).match(key) : undefined
    if (!kept || kept.headers.get('X-User') !== user) throw offline
    const headers = new Headers({
      'Content-Type': 'application/json',
      'X-Offline-As-Of': kept.headers.get('X-Saved-At') || '',
    })
    return new Response(await kept.arrayBuffer(), { headers })
  }
}

/** A hashed file never changes: the cache first, the network once. */
const cacheFirst = async (request) => {
  const cache = await caches.open(SHELL_CACHE)
  const kept = await cache.match(request)
  if (kept) return kept
  const answer = await fetch(request)
  if (answer.ok) await cache.put(request, answer.clone())
  return answer
}

/**
 * Pages: this build's shell from the cache, with no round trip (on a slow link that is most of the
 * wait). It is never stale for long: the browser checks /sw.js on every open (served no-cache); a
 * new build is a new worker that takes over at once, and the page offers "Reload" (decision 117).
 */
const shell = async (request) => {
  const kept = await caches.match('/index.html', { cacheName: SHELL_CACHE })
  if (kept) return kept
  const answer = await fetch(request)
  if (answer.ok && (answer.headers.get('Content-Type') || '').includes('text/html')) {
    const cache = await caches.open(SHELL_CACHE)
    await cache.put('/index.html', answer.clone())
  }
  return answer
}

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  const desk = DESK_ANSWERS[url.pathname]
  // The desk's JSON only: its PDF and Excel downloads go to the network like every other answer.
  if (desk && !url.searchParams.has('format')) return event.respondWith(deskAnswer(request, desk))
  // Every other API answer, share links and the OCR files: never kept.
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/s/') || url.pathname.startsWith('/ocr/'))
    return
  if (request.mode === 'navigate') return event.respondWith(shell(request))
  if (url.pathname.startsWith('/assets/') || SHELL.includes(url.pathname))
    return event.respondWith(cacheFirst(request))
})
