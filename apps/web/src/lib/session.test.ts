// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { clearSession, readStoredUser, readToken, storeSession, usernameFromToken } from './session.ts'

const user = { email: 'a@b.co', username: 'ali', role: 'employee' as const }
const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')

beforeEach(() => localStorage.clear())

describe('session storage', () => {
  it('restores a stored user with a token', () => {
    storeSession('tok', user)
    expect(localStorage.getItem('token')).toBe('tok')
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual(user)
    expect(readStoredUser()).toEqual(user)
  })

  it('stays signed out when nothing is stored', () => {
    expect(readStoredUser()).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
  })

  for (const [what, raw] of [
    ['the text "undefined"', 'undefined'],
    ['unparseable JSON', '{not json'],
    ['a string', '"ali"'],
    ['a number', '42'],
    ['null', 'null'],
    ['an array', '[1,2]'],
    ['an unknown role', JSON.stringify({ ...user, role: 'root' })],
  ] as const) {
    it(`removes a stored user that is ${what}`, () => {
      localStorage.setItem('token', 'tok')
      localStorage.setItem('user', raw)
      expect(readStoredUser()).toBeNull()
      expect(localStorage.getItem('user')).toBeNull()
      expect(localStorage.getItem('token')).toBeNull()
    })
  }

  it('drops a user stored without a token', () => {
    localStorage.setItem('user', JSON.stringify(user))
    expect(readStoredUser()).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('logout clears both keys', () => {
    storeSession('tok', user)
    clearSession()
    expect(readToken()).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('reads the username from the token payload, falling back to the email', () => {
    expect(usernameFromToken(`h.${b64({ username: 'staff_1' })}.s`, 'x@y.z')).toBe('staff_1')
    expect(usernameFromToken(`h.${b64({ email: 'x@y.z' })}.s`, 'x@y.z')).toBe('x@y.z')
    expect(usernameFromToken('garbage', 'x@y.z')).toBe('x@y.z')
  })
})
