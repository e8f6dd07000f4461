import type { LoginAnswer, RoleName } from '@booking/shared'
import { can, isRole } from '@booking/shared/access'
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { api, onSessionEnded } from './api.ts'
import { clearDeskCopies } from './service-worker.ts'
import {
  clearSession,
  readStoredUser,
  readToken,
  type SessionUser,
  storeSession,
  usernameFromToken,
} from './session.ts'

export type LoginResult = { kind: 'signed-in'; user: SessionUser } | { kind: 'pending' }

interface AuthState {
  user: SessionUser | null
  /** True while the stored session is being restored. */
  restoring: boolean
  login: (email: string, password: string) => Promise<LoginResult>
  /** Signs out here and revokes the token on the server. */
  logout: () => void
  /** True when the server refused the token: the sign-in dialog is open over the screen. */
  sessionEnded: boolean
  /** Signs the same user in again from the dialog; waiting saves are then sent again. */
  renew: (password: string) => Promise<void>
}

const AuthContext = createContext<AuthState | null>(null)

export const AuthProvider = ({ children }: { children: ReactNode }) => {
  const [user, setUser] = useState<SessionUser | null>(null)
  const [restoring, setRestoring] = useState(true)

  useEffect(() => {
    setUser(readStoredUser())
    setRestoring(false)
  }, [])

  // Saves waiting for the sign-in dialog: resolved true when the user signed in again.
  const waiting = useRef<Array<(renewed: boolean) => void>>([])
  const [sessionEnded, setSessionEnded] = useState(false)
  const settle = (renewed: boolean) => {
    for (const resolve of waiting.current.splice(0)) resolve(renewed)
  }

  const signOut = useCallback(() => {
    clearSession()
    void clearDeskCopies()
    setUser(null)
    setSessionEnded(false)
    settle(false)
  }, [])

  const logout = useCallback(() => {
    // Revoked on the server too; signing out here does not wait for the answer.
    if (readToken()) api.post('/user/logout', {}).catch(() => {})
    signOut()
  }, [signOut])

  // An expired or revoked token opens the sign-in dialog over the screen instead of leaving it.
  useEffect(() => {
    onSessionEnded(
      () =>
        new Promise<boolean>((resolve) => {
          waiting.current.push(resolve)
          setSessionEnded(true)
        }),
    )
    return () => onSessionEnded(null)
  }, [])

  const login = useCallback(async (email: string, password: string): Promise<LoginResult> => {
    const answer = await api.post<LoginAnswer>('/user/login', { email, password })
    if (answer.status !== 'approved') return { kind: 'pending' }
    const role: RoleName | undefined = answer.role
    if (!isRole(role)) throw new Error('Invalid or missing role in API response')
    if (!answer.token) throw new Error('Invalid email or password')
    const next: SessionUser = { email, username: usernameFromToken(answer.token, email), role }
    // A new session starts with nothing of the last one kept (a shared phone).
    await clearDeskCopies()
    storeSession(answer.token, next)
    setUser(next)
    return { kind: 'signed-in', user: next }
  }, [])

  const renew = useCallback(
    async (password: string) => {
      if (!user) throw new Error('Not signed in')
      const answer = await api.post<LoginAnswer>('/user/login', { email: user.email, password })
      if (answer.status !== 'approved' || !answer.token)
        throw new Error((answer.status === 'pending' && answer.message) || 'Invalid email or password')
      storeSession(answer.token, user)
      setSessionEnded(false)
      settle(true)
      window.dispatchEvent(new Event('booking:session-renewed'))
    },
    [user],
  )

  const value = useMemo(
    () => ({ user, restoring, login, logout, sessionEnded, renew }),
    [user, restoring, login, logout, sessionEnded, renew],
  )
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export const useAuth = (): AuthState => {
  const ctx = useContext(AuthContext)
  if (!ctx) throw new Error('useAuth outside AuthProvider')
  return ctx
}

/** Home of a role: /admin/dashboard, /dashboard, or an agent's user's desk /portal. */
export const homeFor = (role: RoleName | undefined) =>
  can({ role: role ?? '' }, 'use', 'admin-area')
    ? '/admin/dashboard'
    : can({ role: role ?? '' }, 'use', 'portal')
      ? '/portal'
      : '/dashboard'

export const useIsAdmin = () => can(useAuth().user, 'use', 'admin-area')
