import type { RoleName } from '@booking/shared'
import { isRole } from '@booking/shared/access'

/** The signed-in user as kept in local storage under "user" (token under "token"). */
export interface SessionUser {
  id?: number
  email: string
  username: string
  role: RoleName
}

const USER_KEY = 'user'
const TOKEN_KEY = 'token'

export const readToken = (): string | null => {
  try {
    return localStorage.getItem(TOKEN_KEY)
  } catch {
    return null
  }
}

/** Restores the stored user; a missing, "undefined", unparseable or non-object value is removed. */
export const readStoredUser = (): SessionUser | null => {
  const raw = localStorage.getItem(USER_KEY)
  if (raw === null) return null
  try {
    if (raw === 'undefined') throw new Error('undefined')
    const parsed = JSON.parse(raw) as unknown
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object')
    const user = parsed as SessionUser
    if (!isRole(user.role)) throw new Error('bad role')
    if (!readToken()) throw new Error('no token')
    return user
  } catch {
    // Signed out means no credentials left behind either.
    clearSession()
    return null
  }
}

export const storeSession = (token: string, user: SessionUser) => {
  localStorage.setItem(TOKEN_KEY, token)
  localStorage.setItem(USER_KEY, JSON.stringify(user))
}

export const clearSession = () => {
  localStorage.removeItem(TOKEN_KEY)
  localStorage.removeItem(USER_KEY)
}

/** The username from the token payload, falling back to the email (spec part 1 §3). */
export const usernameFromToken = (token: string, email: string): string => {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as {
      username?: string
    }
    return payload.username || email
  } catch {
    return email
  }
}
