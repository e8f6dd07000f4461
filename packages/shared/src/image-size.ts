// The pixel size a PNG or JPEG declares in its header, read without decoding the image: a 190 kB
// PNG can declare 7000 × 7000 pixels and take 200 MB and seconds to draw on every receipt.

/** A logo is drawn at most 56 pt wide: more than this many pixels a side buys nothing. */
export const LOGO_MAX_SIDE = 2048

export interface ImageSize {
  type: 'png' | 'jpeg'
  width: number
  height: number
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!
const u32 = (b: Uint8Array, i: number) =>
  ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!

/** PNG: the IHDR chunk, which must come first, right after the signature. */
const pngSize = (b: Uint8Array): ImageSize | null => {
  if (b.length < 24 || PNG_SIGNATURE.some((v, i) => b[i] !== v)) return null
  if (String.fromCharCode(b[12]!, b[13]!, b[14]!, b[15]!) !== 'IHDR') return null
  return { type: 'png', width: u32(b, 16), height: u32(b, 20) }
}

/** JPEG: walks the marker segments up to the first start-of-frame (SOF0–SOF15 but DHT, JPG, DAC). */
const jpegSize = (b: Uint8Array): ImageSize | null => {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null
  let i = 2
  while (i + 4 <= b.length) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1]!
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      i++
      continue
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2
      continue
    }
    const length = u16(b, i + 2)
    if (length < 2) return null
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isFrame) {
      if (i + 9 > b.length) return null
      return { type: 'jpeg', height: u16(b, i + 5), width: u16(b, i + 7) }
    }
    i += 2 + length
  }
  return null
}

/** The declared size of PNG or JPEG bytes, or null when they are neither (or cut short). */
export const imageSize = (bytes: Uint8Array): ImageSize | null => pngSize(bytes) ?? jpegSize(bytes)

/** Base64 text as bytes, in the browser and in Node alike. */
export const base64ToBytes = (b64: string): Uint8Array => {
  const text = atob(b64)
  const out = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i)
  return out
}

/** Why a logo's declared size is refused, or null when it may be drawn. */
export const logoSizeProblem = (bytes: Uint8Array): string | null => {
  const size = imageSize(bytes)
  if (!size || size.width === 0 || size.height === 0) return 'Logo must be a PNG or JPEG image'
  if (size.width > LOGO_MAX_SIDE || size.height > LOGO_MAX_SIDE)
    return `Logo must be at most ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE} pixels (this one is ${size.width} × ${size.height})`
  return null
}
