import { ApiError, SESSION_ENDED } from './api.ts'
import { readToken } from './session.ts'

type Query = Record<string, string | number | undefined | null>

const withQuery = (path: string, query: Query = {}) => {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries(query))
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v))
  const s = params.toString()
  return `/api${path}${s ? `?${s}` : ''}`
}

/** The file name the server gave in Content-Disposition, else the fallback. */
const fileNameOf = (res: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallback

/** Fetches a file with the bearer token (a plain link cannot send it). */
export const fetchFile = async (path: string, query?: Query) => {
  const res = await fetch(withQuery(path, query), {
    headers: { Authorization: `Bearer ${readToken() ?? ''}` },
  })
  if (!res.ok) {
    let message = res.status === 401 ? SESSION_ENDED : 'Download failed'
    try {
      message = ((await res.json()) as { message?: string }).message ?? message
    } catch {
      // Not JSON: keep the general message.
    }
    throw new ApiError(res.status, message)
  }
  return res
}

/** Downloads a file the API makes (PDF, XLSX, CSV) under the server's file name. */
export const downloadFile = async (path: string, query: Query | undefined, fallback: string) => {
  const res = await fetchFile(path, query)
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url
  a.download = fileNameOf(res, fallback)
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
