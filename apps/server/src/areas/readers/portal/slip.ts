import { imageDataProblem } from '../../platform/settings/logo-data.ts'

/** A deposit slip's size limit (issue 35 item 3: "slip photo or PDF up to 5 MB"). */
export const SLIP_MAX_BYTES = 5 * 1024 * 1024
/** The most pixels a slip photo may declare: a phone's 50 MP camera, and no decompression bomb. */
const MAX_PIXELS = 50_000_000

export type SlipType = 'image/png' | 'image/jpeg' | 'application/pdf'

const SLIP_WRONG = 'Slip must be a photo (JPEG or PNG) or a PDF'

/** A JPEG's declared size from its first frame header (SOF0-SOF15 but DHT, JPG, DAC), or null. */
const jpegSize = (b: Uint8Array): { width: number; height: number } | null => {
  let at = 2
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null
    const marker = b[at + 1] ?? 0
    const length = ((b[at + 2] ?? 0) << 8) + (b[at + 3] ?? 0)
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return {
        height: ((b[at + 5] ?? 0) << 8) + (b[at + 6] ?? 0),
        width: ((b[at + 7] ?? 0) << 8) + (b[at + 8] ?? 0),
      }
    at += 2 + length
  }
  return null
}

/**
 * What a slip is, or why it is refused (decision 106): bytes from outside are bounded before they
 * are kept, as areas/platform/outside bounds pasted and uploaded files. A PNG's image data may not
 * inflate past its pixels (the logo's check), a photo may not declare more than 50 MP, a PDF must
 * be one (header and end marker); anything else is refused by its bytes, whatever its name says.
 */
export const slipType = (bytes: Uint8Array): { type: SlipType } | { problem: string } => {
  if (bytes.length === 0) return { problem: 'Slip is required' }
  if (bytes.length > SLIP_MAX_BYTES) return { problem: 'Slip must be at most 5 MB' }
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    const u32 = (i: number) =>
      (((bytes[i] ?? 0) << 24) >>> 0) +
      ((bytes[i + 1] ?? 0) << 16) +
      ((bytes[i + 2] ?? 0) << 8) +
      (bytes[i + 3] ?? 0)
    if (u32(16) * u32(20) > MAX_PIXELS || u32(16) === 0 || u32(20) === 0)
      return { problem: 'Slip photo is larger than 50 megapixels' }
    const problem = imageDataProblem(bytes)
    return problem ? { problem: 'Slip photo data is larger than its pixels need' } : { type: 'image/png' }
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const size = jpegSize(bytes)
    if (!size || size.width === 0 || size.height === 0) return { problem: SLIP_WRONG }
    if (size.width * size.height > MAX_PIXELS) return { problem: 'Slip photo is larger than 50 megapixels' }
    return { type: 'image/jpeg' }
  }
  const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1')
  if (head === '%PDF-') {
    const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1')
    return tail.includes('%%EOF') ? { type: 'application/pdf' } : { problem: SLIP_WRONG }
  }
  return { problem: SLIP_WRONG }
}
