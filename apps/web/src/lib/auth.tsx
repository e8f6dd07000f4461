import type { Role } from '@booking/shared'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import { api } from './api.ts'
import { clearSession, readStoredUser, type SessionUser, storeSession, usernameFromToken } from './session.ts'

interface LoginAnswer {
  status: string
  token?: string
  role?: string
  message?: string
}

export type LoginResult = { kind: 'signed-in'; user: SessionUser } | { kind: 'pending' }

interface AuthState {
  user: SessionUser | null
  /** True while the stored session is being restored. */
  restoring: boolean
  login: (email: string, password: string) => Promise<LoginResult>
  logout: () => void
}

const AuthContext = createContext<AuthState | null>(null)

export const AuthProvider = ({ children }: { children: ReactNode }) => {
  const [user, setUser] = useState<SessionUser | null>(null)
  const [restoring, setRestoring] = useState(true)

  useEffect(() => {
    setUser(readStoredUser())
    setRestoring(false)
  }, [])

  const logout = useCallback(() => {
    clearSession()
    setUser(null)
  }, [])

  // An expired or revoked token signs the user out instead of failing every call.
  useEffect(() => {
    window.addEventListener('booking:unauthorized', logout)
    return () => window.removeEventListener('booking:unauthorized', logout)
  }, [logout])

  const login = useCallback(async (email: string, password: string): Promise<LoginResult> => {
    const answer = await api.post<LoginAnswer>('/user/login', { email, password })
    if (answer.status === 'pending') return { kind: 'pending' }
    const role = answer.role as Role | undefined
    if (role !== 'admin' && role !== 'employee') throw new Error('Invalid or missing role in API response')
    if (!answer.token) throw new Error('Invalid email or password')
    const next: SessionUser = { email, username: usernameFromToken(answer.token, email), role }
    storeSession(answer.token, next)
    setUser(next)
    return { kind: 'signed-in', user: next }
  }, [])

  const value = useMemo(() => ({ user, restoring, login, logout }), [user, restoring, login, logout])
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

export const useAuth = (): AuthState => {
  const ctx = useContext(AuthContext)
  if (!ctx) throw new Error('useAuth outside AuthProvider')
  return ctx
}

/** Home of a role: /admin/dashboard or /dashboard. */
export const homeFor = (role: Role | undefined) => (role === 'admin' ? '/admin/dashboard' : '/dashboard')

export const useIsAdmin = () => useAuth().user?.role === 'admin'
