// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { api } from './api.ts'
import { AuthProvider, type LoginResult, useAuth } from './auth.tsx'

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '')
const token = `h.${b64({ username: 'staff_1' })}.s`

let auth: ReturnType<typeof useAuth>
const Probe = () => {
  auth = useAuth()
  return <p>{auth.restoring ? 'restoring' : (auth.user?.username ?? 'signed out')}</p>
}

const answer = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }))

beforeEach(() => localStorage.clear())
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('AuthProvider', () => {
  it('signs in an approved user and stores token and user', async () => {
    answer(200, { status: 'approved', token, role: 'employee' })
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    )
    let result: LoginResult | undefined
    await act(async () => {
      result = await auth.login('s@x.co', 'password1')
    })
    expect(result).toEqual({
      kind: 'signed-in',
      user: { email: 's@x.co', username: 'staff_1', role: 'employee' },
    })
    expect(screen.getByText('staff_1')).toBeTruthy()
    expect(localStorage.getItem('token')).toBe(token)
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({
      email: 's@x.co',
      username: 'staff_1',
      role: 'employee',
    })
    act(() => auth.logout())
    expect(screen.getByText('signed out')).toBeTruthy()
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('a pending answer does not sign in', async () => {
    answer(200, { status: 'pending', role: 'employee' })
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    )
    await act(async () => {
      expect(await auth.login('p@x.co', 'password1')).toEqual({ kind: 'pending' })
    })
    expect(screen.getByText('signed out')).toBeTruthy()
    expect(localStorage.getItem('token')).toBeNull()
  })

  it('refuses any role but admin and employee', async () => {
    for (const role of ['superuser', undefined]) {
      answer(200, { status: 'approved', token, role })
      render(
        <AuthProvider>
          <Probe />
        </AuthProvider>,
      )
      await act(async () => {
        await expect(auth.login('s@x.co', 'password1')).rejects.toThrow(
          'Invalid or missing role in API response',
        )
      })
      expect(localStorage.getItem('token')).toBeNull()
      cleanup()
    }
  })

  it('restores a stored session; a refused save waits for the sign-in dialog and is sent again', async () => {
    localStorage.setItem('token', 'old-token')
    localStorage.setItem('user', JSON.stringify({ email: 'a@b.co', username: 'ali', role: 'admin' }))
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    )
    expect(screen.getByText('ali')).toBeTruthy()
    const sent: Array<{ url: string; auth: string | null }> = []
    const answers = [
      [401, { status: 'error', message: 'You are not authenticated' }],
      [200, { status: 'approved', token: 'new-token', role: 'admin' }],
      [201, { status: 'success' }],
    ] as const
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      sent.push({ url: String(url), auth: new Headers(init?.headers).get('Authorization') })
      const [status, body] = answers[sent.length - 1]!
      return new Response(JSON.stringify(body), { status })
    })
    let saved: Promise<unknown> = Promise.resolve()
    await act(async () => {
      saved = api.post('/protector', { name: 'typed' })
    })
    expect(auth.sessionEnded).toBe(true)
    expect(screen.getByText('ali')).toBeTruthy()
    await act(async () => {
      await auth.renew('password1')
    })
    await expect(saved).resolves.toEqual({ status: 'success' })
    expect(sent.map((s) => [s.url, s.auth])).toEqual([
      ['/api/protector', 'Bearer old-token'],
      ['/api/user/login', 'Bearer old-token'],
      ['/api/protector', 'Bearer new-token'],
    ])
    expect(auth.sessionEnded).toBe(false)
  })

  it('a refused read fails at once with "Your session has ended"; signing out clears the session', async () => {
    localStorage.setItem('token', token)
    localStorage.setItem('user', JSON.stringify({ email: 'a@b.co', username: 'ali', role: 'admin' }))
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    )
    answer(401, { status: 'error', message: 'You are not authenticated' })
    await act(async () => {
      await expect(api.get('/ticket')).rejects.toThrow('Your session has ended')
    })
    expect(auth.sessionEnded).toBe(true)
    await act(async () => auth.logout())
    expect(screen.getByText('signed out')).toBeTruthy()
    expect(localStorage.getItem('user')).toBeNull()
  })
})
