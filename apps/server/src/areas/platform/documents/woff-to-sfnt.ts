import { inflateSync } from 'node:zlib'

/**
 * A WOFF 1.0 font unwrapped into the plain TrueType/OpenType file it packs (W3C WOFF 1.0, §4-5).
 * fontkit reads a WOFF's tables through a JavaScript inflater on every access; a receipt with an
 * Urdu name spent 85 % of its time there. Unwrapped once per process with zlib, the same font
 * costs nothing to read.
 */
export const woffToSfnt = (woff: Buffer): Buffer => {
  if (woff.readUInt32BE(0) !== 0x774f4646) return woff // not 'wOFF': already a plain font
  const flavor = woff.readUInt32BE(4)
  const numTables = woff.readUInt16BE(12)
  const tables: Array<{ tag: number; checksum: number; data: Buffer }> = []
  for (let i = 0; i < numTables; i++) {
    const at = 44 + i * 20
    const tag = woff.readUInt32BE(at)
    const offset = woff.readUInt32BE(at + 4)
    const compLength = woff.readUInt32BE(at + 8)
    const origLength = woff.readUInt32BE(at + 12)
    const checksum = woff.readUInt32BE(at + 16)
    const raw = woff.subarray(offset, offset + compLength)
    // A table stored uncompressed has the same length packed and unpacked.
    const data = compLength < origLength ? inflateSync(raw) : Buffer.from(raw)
    tables.push({ tag, checksum, data })
  }
  tables.sort((a, b) => a.tag - b.tag)
  const pad4 = (n: number) => (n + 3) & ~3
  const headerSize = 12 + numTables * 16
  const size = tables.reduce((s, t) => s + pad4(t.data.length), headerSize)
  const out = Buffer.alloc(size)
  let pow = 1
  let log = 0
  while (pow * 2 <= numTables) {
    pow *= 2
    log++
  }
  out.writeUInt32BE(flavor, 0)
  out.writeUInt16BE(numTables, 4)
  out.writeUInt16BE(pow * 16, 6)
  out.writeUInt16BE(log, 8)
  out.writeUInt16BE(numTables * 16 - pow * 16, 10)
  let offset = headerSize
  tables.forEach((t, i) => {
    const rec = 12 + i * 16
    out.writeUInt32BE(t.tag, rec)
    out.writeUInt32BE(t.checksum, rec + 4)
    out.writeUInt32BE(offset, rec + 8)
    out.writeUInt32BE(t.data.length, rec + 12)
    t.data.copy(out, offset)
    offset += pad4(t.data.length)
  })
  return out
}
