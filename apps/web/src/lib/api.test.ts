// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api } from './api.ts'

afterEach(() => vi.unstubAllGlobals())

const ok = () => new Response(JSON.stringify({ status: 'success' }), { status: 201 })
const keyOf = (call: unknown[]) =>
  (call[1] as RequestInit & { headers: Record<string, string> }).headers['Idempotency-Key']

describe('Idempotency-Key on creates', () => {
  it('each submit sends a new key; a submit whose answer was lost is retried once with the same key', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockImplementation(async () => ok())
    vi.stubGlobal('fetch', fetch)
    await api.post('/ticket', { a: 1 })
    expect(fetch).toHaveBeenCalledTimes(2)
    const first = keyOf(fetch.mock.calls[0])
    expect(first).toMatch(/^[0-9a-f]{32}$/)
    expect(keyOf(fetch.mock.calls[1])).toBe(first)
    await api.post('/ticket', { a: 1 })
    expect(keyOf(fetch.mock.calls[2])).not.toBe(first)
  })

  it('reads and edits carry no key and are not retried', async () => {
    const fetch = vi.fn().mockRejectedValue(new TypeError('network down'))
    vi.stubGlobal('fetch', fetch)
    await expect(api.put('/ticket/1', {})).rejects.toThrow('No response from server')
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(keyOf(fetch.mock.calls[0])).toBeUndefined()
  })
})
