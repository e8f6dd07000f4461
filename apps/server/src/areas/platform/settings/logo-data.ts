import { Unzlib } from 'fflate'

/**
 * A logo's compressed data, checked before it is accepted (issue 33 item 6): a
 * 153 kB file declaring 16 × 16 pixels carried 150 MB of compressed data, and every receipt then
 * inflated all of it. The IDAT stream may inflate to what the pixels need (rows of filter byte and
 * samples, with room for interlacing) and no more; the inflating stops at the first byte past it.
 */

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

const u32 = (b: Uint8Array, i: number) =>
  (b[i] ?? 0) * 2 ** 24 + ((b[i + 1] ?? 0) << 16) + ((b[i + 2] ?? 0) << 8) + (b[i + 3] ?? 0)

const TOO_MUCH = 'Logo image data is larger than its pixels need'

/**
 * PNG's other compressed chunks (decision 103): a colour profile (iCCP) and compressed text
 * (zTXt, iTXt) are inflated by whatever shows the logo, a browser or a PDF reader. A real ICC
 * profile is well under 1 MB; a logo's text (author, software) a few hundred bytes.
 */
const ICC_MAX = 1024 * 1024
const TEXT_MAX = 64 * 1024
const TOO_MUCH_PROFILE = 'Logo colour profile is larger than a logo needs'
const TOO_MUCH_TEXT = 'Logo text is larger than a logo needs'

/** A JPEG with more scans than a progressive image uses (a few to a dozen) makes every viewer decode it again and again. */
const JPEG_MAX_SCANS = 32
const TOO_MANY_SCANS = 'Logo JPEG has more scans than an image needs'
const NOT_IMAGE = 'Logo must be a PNG or JPEG image'

/** Inflates `data` in slices, stopping at the first byte past `limit`: true when it stayed within. */
const inflatesWithin = (data: Uint8Array, limit: number): boolean => {
  let out = 0
  const inflate = new Unzlib((chunk) => {
    out += chunk.length
  })
  for (let i = 0; i < data.length && out <= limit; i += 1024) inflate.push(data.subarray(i, i + 1024))
  return out <= limit
}

/** After a chunk's keyword and its terminating zero byte. */
const afterKeyword = (data: Uint8Array) => {
  const end = data.indexOf(0)
  return end < 0 ? data.length : end + 1
}

/**
 * A JPEG's segments walked to the end: one frame, at most JPEG_MAX_SCANS scans. The entropy-coded
 * data after each scan header is skipped up to the next marker (0xFF not followed by 0x00 or a
 * restart marker), one pass over the bytes.
 */
const jpegProblem = (b: Uint8Array): string | null => {
  let i = 2
  let frames = 0
  let scans = 0
  while (i + 1 < b.length) {
    if (b[i] !== 0xff) return NOT_IMAGE
    const marker = b[i + 1] ?? 0
    if (marker === 0xff) {
      i++
      continue
    }
    if (marker === 0xd9) break
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    const length = ((b[i + 2] ?? 0) << 8) | (b[i + 3] ?? 0)
    if (length < 2) return NOT_IMAGE
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) frames++
    i += 2 + length
    if (marker === 0xda) {
      if (++scans > JPEG_MAX_SCANS) return TOO_MANY_SCANS
      while (i + 1 < b.length) {
        const next = b[i + 1] ?? 0
        if (b[i] === 0xff && next !== 0 && !(next >= 0xd0 && next <= 0xd7)) break
        i++
      }
    }
  }
  return frames > 1 ? NOT_IMAGE : null
}

/**
 * Why a logo's compressed data is refused, or null: a PNG's image data against its declared
 * pixels and its other compressed chunks against their limits; a JPEG's scans counted (its pixel
 * size is read from its header, @booking/shared image-size.ts).
 */
export const imageDataProblem = (bytes: Uint8Array): string | null => {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegProblem(bytes)
  if (bytes[0] !== 0x89 || bytes[1] !== 0x50) return null
  const width = u32(bytes, 16)
  const height = u32(bytes, 20)
  const depth = bytes[24] ?? 8
  const channels = CHANNELS[bytes[25] ?? 6] ?? 4
  const interlaced = bytes[28] === 1
  const row = Math.ceil((width * channels * depth) / 8) + 1
  // Adam7 adds at most a filter byte per pass row and some padding: twice the plain size is ample.
  const limit = height * row * (interlaced ? 2 : 1) + 1024
  let out = 0
  let over = false
  const inflate = new Unzlib((chunk) => {
    out += chunk.length
    if (out > limit) over = true
  })
  let at = 8
  let text = 0
  try {
    while (at + 8 <= bytes.length && !over) {
      const length = u32(bytes, at)
      const type = String.fromCharCode(
        bytes[at + 4] ?? 0,
        bytes[at + 5] ?? 0,
        bytes[at + 6] ?? 0,
        bytes[at + 7] ?? 0,
      )
      const data = bytes.subarray(at + 8, at + 8 + length)
      if (type === 'IDAT')
        // In slices, so that a bomb stops soon after its output passes the limit.
        for (let i = 0; i < data.length && !over; i += 1024) inflate.push(data.subarray(i, i + 1024))
      if (type === 'iCCP') {
        const from = afterKeyword(data) + 1
        if (!inflatesWithin(data.subarray(from), ICC_MAX)) return TOO_MUCH_PROFILE
      }
      if (type === 'zTXt' || (type === 'iTXt' && data[afterKeyword(data)] === 1)) {
        // zTXt: keyword, method, data; iTXt: keyword, flag, method, language, keyword translated, data.
        let from = afterKeyword(data) + 1
        if (type === 'iTXt') {
          from += 1
          for (let k = 0; k < 2; k++) from += afterKeyword(data.subarray(from))
        }
        const left = TEXT_MAX - text
        let out = 0
        const inflateText = new Unzlib((c) => {
          out += c.length
        })
        const body = data.subarray(from)
        for (let i = 0; i < body.length && out <= left; i += 1024)
          inflateText.push(body.subarray(i, i + 1024))
        if (out > left) return TOO_MUCH_TEXT
        text += out
      }
      if (type === 'IEND') break
      at += 12 + length
    }
  } catch {
    return NOT_IMAGE
  }
  return over ? TOO_MUCH : null
}
