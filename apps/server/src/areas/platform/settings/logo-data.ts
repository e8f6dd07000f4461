import { Unzlib } from 'fflate'

/**
 * A PNG logo's compressed image data, checked against its declared pixels (issue 33 item 6): a
 * 153 kB file declaring 16 × 16 pixels carried 150 MB of compressed data, and every receipt then
 * inflated all of it. The IDAT stream may inflate to what the pixels need (rows of filter byte and
 * samples, with room for interlacing) and no more; the inflating stops at the first byte past it.
 */

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }

const u32 = (b: Uint8Array, i: number) =>
  (b[i] ?? 0) * 2 ** 24 + ((b[i + 1] ?? 0) << 16) + ((b[i + 2] ?? 0) << 8) + (b[i + 3] ?? 0)

const TOO_MUCH = 'Logo image data is larger than its pixels need'

/** Why a PNG's image data is refused, or null (also for a JPEG: its size is read from its header). */
export const pngDataProblem = (bytes: Uint8Array): string | null => {
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
      if (type === 'IEND') break
      at += 12 + length
    }
  } catch {
    return 'Logo must be a PNG or JPEG image'
  }
  return over ? TOO_MUCH : null
}
