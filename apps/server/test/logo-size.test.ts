import { deflateSync } from 'node:zlib'
import { imageSize, LOGO_MAX_SIDE } from '@booking/shared'
import { describe, expect, it } from 'vitest'
import { DB_KIND } from './harness.ts'
import { setupTestApp } from './helpers.ts'

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (b: Buffer) => {
  let c = 0xffffffff
  for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(4)
  head.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([head, body, crc])
}

/** A real, valid grey PNG of width × height: all zeros, so 7000 × 7000 compresses to a few dozen kB. */
const png = (width: number, height: number, rawBytes = (width + 1) * height) => {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // greyscale
  const raw = Buffer.alloc(rawBytes) // a filter byte per row, then the pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A baseline JPEG's start: SOI, an APP0 segment, then SOF0 with its height and width. */
const jpegHeader = (width: number, height: number) =>
  Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x06,
    0x4a,
    0x46,
    0x49,
    0x46,
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x01,
    0x01,
    0x11,
    0x00,
  ])

const settings = (logo: string) => ({
  name: 'Al Noor Travels',
  address: 'Lahore',
  phone: '042',
  email: 'a@b.pk',
  currency: 'Rs',
  time_zone: 'Asia/Karachi',
  logo,
})
const dataUrl = (type: string, bytes: Buffer) => `data:image/${type};base64,${bytes.toString('base64')}`

describe(`logo checked by its decoded size (${DB_KIND})`, () => {
  const t = setupTestApp()

  it('reads the pixel size from PNG and JPEG headers without decoding', () => {
    expect(imageSize(png(7000, 7000))).toEqual({ type: 'png', width: 7000, height: 7000 })
    expect(imageSize(jpegHeader(640, 480))).toEqual({ type: 'jpeg', width: 640, height: 480 })
    expect(imageSize(Buffer.from('GIF89a....'))).toBeNull()
    expect(imageSize(png(10, 10).subarray(0, 20))).toBeNull()
  })

  it('refuses a 7000 × 7000 PNG bomb under 200 kB with a clear 400, stores nothing, and keeps a normal logo', async () => {
    const bomb = png(7000, 7000)
    expect(bomb.length).toBeLessThan(200 * 1024)
    const refused = await t.call('admin', 'PUT', '/api/admin/settings', settings(dataUrl('png', bomb)))
    expect(refused.status).toBe(400)
    const message = `Logo must be at most ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE} pixels (this one is 7000 × 7000)`
    expect(refused.body).toMatchObject({ message, errors: { logo: message } })
    expect((await t.call('admin', 'GET', '/api/admin/settings')).body.settings.logo ?? '').toBe('')

    const tallJpeg = await t.call(
      'admin',
      'PUT',
      '/api/admin/settings',
      settings(dataUrl('jpeg', jpegHeader(100, 5000))),
    )
    expect(tallJpeg.status).toBe(400)
    const notAnImage = await t.call(
      'admin',
      'PUT',
      '/api/admin/settings',
      settings(dataUrl('png', Buffer.from('not a png at all'))),
    )
    expect(notAnImage.body.errors).toEqual({ logo: 'Logo must be a PNG or JPEG image' })

    const fine = dataUrl('png', png(200, 200))
    const saved = await t.call('admin', 'PUT', '/api/admin/settings', settings(fine))
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect((await t.call('admin', 'GET', '/api/admin/settings')).body.settings.logo).toBe(fine)
  })

  it('refuses a 16 × 16 PNG whose image data inflates far past its pixels (issue 33), and keeps a true one', async () => {
    // 16 × 16 grey needs 272 bytes of image data; this one carries 40 MB (compressed to ~40 kB).
    const bomb = png(16, 16, 40 * 1024 * 1024)
    expect(bomb.length).toBeLessThan(200 * 1024)
    const refused = await t.call('admin', 'PUT', '/api/admin/settings', settings(dataUrl('png', bomb)))
    expect(refused.status).toBe(400)
    const message = 'Logo image data is larger than its pixels need'
    expect(refused.body).toMatchObject({ message, errors: { logo: message } })
    const fine = dataUrl('png', png(16, 16))
    const saved = await t.call('admin', 'PUT', '/api/admin/settings', settings(fine))
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  })
  it("bounds a PNG's colour profile and compressed text, and a JPEG's scans (issue 33 item 6)", async () => {
    const withChunk = (type: string, data: Buffer) => {
      const p = png(16, 16)
      // After the signature and IHDR (8 + 25 bytes), before the image data.
      return Buffer.concat([p.subarray(0, 33), chunk(type, data), p.subarray(33)])
    }
    const put = (logo: string) => t.call('admin', 'PUT', '/api/admin/settings', settings(logo))
    const zeros = (n: number) => deflateSync(Buffer.alloc(n), { level: 9 })
    const icc = (n: number) => Buffer.concat([Buffer.from('ICC\0\0', 'latin1'), zeros(n)])
    const ztxt = (n: number) => Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), zeros(n)])
    const itxt = (n: number) => Buffer.concat([Buffer.from('Comment\0\x01\0\0\0', 'latin1'), zeros(n)])
    for (const [logo, message] of [
      [withChunk('iCCP', icc(50 * 1024 * 1024)), 'Logo colour profile is larger than a logo needs'],
      [withChunk('zTXt', ztxt(20 * 1024 * 1024)), 'Logo text is larger than a logo needs'],
      [withChunk('iTXt', itxt(20 * 1024 * 1024)), 'Logo text is larger than a logo needs'],
    ] as const) {
      expect(logo.length).toBeLessThan(200 * 1024)
      const refused = await put(dataUrl('png', logo))
      expect(refused.status).toBe(400)
      expect(refused.body.errors).toEqual({ logo: message })
    }
    // A real-sized profile and comment are kept.
    expect((await put(dataUrl('png', withChunk('iCCP', icc(3_000))))).status).toBe(200)
    expect((await put(dataUrl('png', withChunk('zTXt', ztxt(300))))).status).toBe(200)

    // A JPEG frame followed by scan after scan: each a scan header and one byte of data.
    const scan = Buffer.from([0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x00])
    const jpeg = (scans: number) =>
      Buffer.concat([
        jpegHeader(16, 16),
        ...Array.from({ length: scans }, () => scan),
        Buffer.from([0xff, 0xd9]),
      ])
    const many = await put(dataUrl('jpeg', jpeg(40)))
    expect(many.status).toBe(400)
    expect(many.body.errors).toEqual({ logo: 'Logo JPEG has more scans than an image needs' })
    expect((await put(dataUrl('jpeg', jpeg(10)))).status).toBe(200)
  })
})
