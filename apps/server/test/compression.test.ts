import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { pickEncoding } from '../src/plugins/compress.ts'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'

/** A built web app in miniature: one asset with its .br and .gz, as scripts/precompress.mjs writes them. */
const webDir = mkdtempSync(join(tmpdir(), 'booking-web-'))
const script = `console.log(${JSON.stringify('x'.repeat(5000))})`
mkdirSync(join(webDir, 'assets'))
writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>t</title>')
writeFileSync(join(webDir, 'assets/app.js'), script)
writeFileSync(join(webDir, 'assets/app.js.br'), brotliCompressSync(script))
writeFileSync(join(webDir, 'assets/app.js.gz'), gzipSync(script))

describe(`compression (${DB_KIND})`, () => {
  const t = setupTestApp(
    async (t) => {
      for (let i = 0; i < 60; i++)
        await t.call('admin', 'POST', '/api/agent-names', { name: `Compression Agent Number ${i}` })
    },
    { webDir },
  )
  const get = (url: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${t.tokens.employee}`,
        ...(encoding ? { 'accept-encoding': encoding } : {}),
      },
    })

  it('picks brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br')
    expect(pickEncoding('gzip')).toBe('gzip')
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip')
    expect(pickEncoding('identity')).toBeNull()
    expect(pickEncoding(undefined)).toBeNull()
  })

  it('serves a built asset pre-compressed by Accept-Encoding, with Vary', async () => {
    const br = await get('/assets/app.js', 'gzip, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script)
    const gz = await get('/assets/app.js', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script)
    const plain = await get('/assets/app.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.payload).toBe(script)
  })

  it('compresses JSON answers over 1 kB, the same bytes from the answer cache, and leaves small ones', async () => {
    const plain = await get('/api/agent-names/existing')
    expect(plain.rawPayload.length).toBeGreaterThan(1024)
    for (let i = 0; i < 2; i++) {
      // The second call is answered from the answer cache (SQLite) and must still be compressed.
      const br = await get('/api/agent-names/existing', 'br, gzip')
      expect(br.headers['content-encoding']).toBe('br')
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i)
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2)
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json())
    }
    const gz = await get('/api/agent-names/existing', 'gzip')
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json())
    const small = await get('/api/health', 'br')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json()).toEqual({ status: 'ok' })
  })
})
