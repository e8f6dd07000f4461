import type { ApiErrorBody } from '@booking/shared'
import { markOffline } from './service-worker.ts'
import { readToken } from './session.ts'

/** A failed call: HTTP status, the server's message and its field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message)
  }
}

type Query = Record<string, string | number | undefined | null>

/** The text every screen shows when the server no longer accepts the token. */
export const SESSION_ENDED = 'Your session has ended'

/**
 * Set by the auth provider: opens the sign-in dialog and resolves true once the same user signed in
 * again (false if they signed out instead).
 */
let renewSession: (() => Promise<boolean>) | null = null
export const onSessionEnded = (renew: (() => Promise<boolean>) | null) => {
  renewSession = renew
}

const withQuery = (path: string, query?: Query) => {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v))
  const s = params.toString()
  return s ? `${path}?${s}` : path
}

/**
 * One key per submit (getRandomValues works on the office's plain-HTTP address, randomUUID
 * does not): the server answers a repeat of it with the first answer instead of a second record.
 */
const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')

/** Every call goes to /api with the bearer token; failures throw ApiError with the server's message. */
const request = async <T>(
  method: string,
  path: string,
  body?: unknown,
  query?: Query,
  idempotencyKey?: string,
): Promise<T> => {
  const headers: Record<string, string> = { Accept: 'application/json' }
  const token = readToken()
  if (token) headers.Authorization = `Bearer ${token}`
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey
  const send = () =>
    fetch(`/api${withQuery(path, query)}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  let res: Response
  try {
    res = await send().catch(async (err: unknown) => {
      // A create whose answer was lost is sent once more with the same key: saved at most once.
      if (!idempotencyKey) throw err
      await new Promise((resolve) => setTimeout(resolve, 1000))
      return send()
    })
  } catch {
    throw new ApiError(0, 'No response from server. Please check your network connection.')
  }
  const text = await res.text()
  let data: unknown = null
  try {
    data = text ? JSON.parse(text) : null
  } catch {
    throw new ApiError(res.status, `HTTP error! status: ${res.status}`)
  }
  if (!res.ok) {
    const err = (data ?? {}) as Partial<ApiErrorBody>
    if (res.status === 401 && token && path !== '/user/login') {
      // A save waits for the sign-in dialog and is sent again with the new token, so nothing typed
      // is lost; a read fails at once ("Your session has ended") and is refetched after sign-in.
      const renewed = renewSession?.() ?? Promise.resolve(false)
      if (method !== 'GET' && (await renewed)) return request<T>(method, path, body, query)
      throw new ApiError(401, SESSION_ENDED)
    }
    throw new ApiError(res.status, err.message || `HTTP error! status: ${res.status}`, err.errors ?? {})
  }
  // The service worker's copy of an answer (the agent's desk offline) says when it was saved.
  markOffline(data, res.headers.get('X-Offline-As-Of'))
  return data as T
}

export const api = {
  get: <T>(path: string, query?: Query) => request<T>('GET', path, undefined, query),
  post: <T>(path: string, body: unknown) => request<T>('POST', path, body, undefined, newIdempotencyKey()),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
}
