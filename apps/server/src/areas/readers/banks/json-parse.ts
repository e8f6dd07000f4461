/**
 * Runs in an outside worker (platform/outside): a large JSON body (a statement's CSV carried in
 * JSON, hundreds of kB) parsed off the main thread (decision 131). Keys that the server's own
 * parser refuses (`__proto__`, a `constructor` with a `prototype`) are refused here too; the
 * caller then lets that parser answer, so a bad body gets the usual error.
 */
export const parseJson = ({ bytes }: { bytes: Uint8Array }): { value: unknown } => {
  const text = new TextDecoder('utf-8').decode(bytes)
  const value: unknown = JSON.parse(text, (key, v: unknown) => {
    if (key === '__proto__') throw new Error('__proto__ in the body')
    if (key === 'constructor' && typeof v === 'object' && v !== null && 'prototype' in v)
      throw new Error('constructor.prototype in the body')
    return v
  })
  return { value }
}
