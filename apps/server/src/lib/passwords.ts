import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto'
import { dictionary } from '@zxcvbn-ts/language-common'

const scryptAsync = (password: string, salt: Buffer, length: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, length, options, (err, key) => (err ? reject(err) : resolve(key))),
  )

const KEY_LENGTH = 32

/** OWASP's scrypt floor (Password Storage Cheat Sheet): N=2^17, r=8, p=1. */
export const CURRENT_COST = { ln: 17, r: 8, p: 1 } as const
/** What hashes written before the cost was stored in them used: Node's defaults. */
const LEGACY_COST = { ln: 14, r: 8, p: 1 } as const
type Cost = { ln: number; r: number; p: number }

// scrypt needs 128·N·r bytes (128 MiB at 2^17); Node refuses more than 32 MiB unless told.
const maxmem = (c: Cost) => 128 * 2 ** c.ln * c.r * c.p + 16 * 1024 * 1024
const derive = (password: string, salt: Buffer, length: number, c: Cost) =>
  scryptAsync(password, salt, length, { N: 2 ** c.ln, r: c.r, p: c.p, maxmem: maxmem(c) })

/**
 * "scrypt$ln=17,r=8,p=1$salt$hash" (base64url), so a later cost rise still verifies old hashes;
 * the older "scrypt$salt$hash" form means Node's defaults.
 */
export const hashPassword = async (password: string, cost: Cost = CURRENT_COST): Promise<string> => {
  const salt = randomBytes(16)
  const hash = await derive(password, salt, KEY_LENGTH, cost)
  return `scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`
}

const parse = (stored: string): { cost: Cost; salt: Buffer; hash: Buffer } | null => {
  const parts = stored.split('$')
  if (parts[0] !== 'scrypt') return null
  if (parts.length === 3) {
    return {
      cost: LEGACY_COST,
      salt: Buffer.from(parts[1], 'base64url'),
      hash: Buffer.from(parts[2], 'base64url'),
    }
  }
  const m = parts.length === 4 && /^ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})$/.exec(parts[1])
  if (!m) return null
  const cost = { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]) }
  // A damaged or planted row must not make one login allocate gigabytes.
  if (cost.ln < 10 || cost.ln > 20 || cost.r < 1 || cost.r > 16 || cost.p < 1 || cost.p > 4) return null
  return { cost, salt: Buffer.from(parts[2], 'base64url'), hash: Buffer.from(parts[3], 'base64url') }
}

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const parsed = parse(stored)
  if (!parsed || parsed.hash.length < 16 || parsed.salt.length === 0) return false
  const actual = await derive(password, parsed.salt, parsed.hash.length, parsed.cost)
  return timingSafeEqual(parsed.hash, actual)
}

/** True when a stored hash was made at a lower cost than today's, so login should rewrite it. */
export const needsRehash = (stored: string): boolean => {
  const parsed = parse(stored)
  if (!parsed) return false
  const c = parsed.cost
  return c.ln < CURRENT_COST.ln || c.r < CURRENT_COST.r || c.p < CURRENT_COST.p
}

/**
 * ~49,000 passwords most found in breaches, from zxcvbn-ts's common dictionary
 * (@zxcvbn-ts/language-common, built from the Have I Been Pwned / SecLists frequency lists).
 */
const COMMON = new Set(dictionary['passwords-common'])
export const isCommonPassword = (password: string) => COMMON.has(password.toLowerCase())
