import { hkdfSync, randomBytes, webcrypto } from 'node:crypto'
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { type Access, ADMIN_ONLY_MESSAGE, type Caller, callerOf, can, type RoleName } from '@booking/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { decodeJwt, jwtVerify, SignJWT } from 'jose'
import type { Db } from '../db/connect.ts'
import { StartupError } from '../db/startup-error.ts'
import { HttpError } from '../lib/http-error.ts'
import { versionedMemo } from './db-version.ts'
import { startPortalSession, startSession } from './sessions.ts'

export interface AuthUser {
  id: number
  username: string
  email: string
  role: RoleName
  /** The party a user who is not staff belongs to (an agent's own user, issue 35). */
  party?: { kind: 'agent'; id: number }
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null
    /**
     * Who asks and what rows it may see (issue 32 item 5, decision 128): set once by the auth
     * hook; readers take it from here (all rows for staff, one party's for an agent's own user).
     */
    caller: Caller | null
  }
  interface FastifyInstance {
    signToken(user: AuthUser): Promise<string>
    /** 32 bytes derived from the server's key, for secrets kept in the database (the SMTP password). */
    sealKey: Buffer
  }
}

const PUBLIC = new Set(['/api/health', '/api/user/login', '/api/user/signup', '/api/portal/invites/:token'])

/** What a signed-in user without the office's screens may reach besides /api/portal/* (issue 35). */
const OUTSIDE_STAFF = new Set(['/api/user/logout'])
export const TOKEN_LIFETIME = '12h'

/** JWT_SECRET signs every token: anything shorter is a guessable key (HS256 wants 256 bits). */
export const MIN_SECRET_LENGTH = 32

/** Where the generated key of a SQLite database lives: beside it, readable by its owner only. */
export const keyFileFor = (databaseUrl = 'sqlite:./data/booking.db'): string | null =>
  /^postgres(ql)?:\/\//.test(databaseUrl) ? null : `${resolve(databaseUrl.replace(/^sqlite:/, ''))}.jwt-key`

/**
 * The key file is created 0600 with O_EXCL, so two servers starting at once on one file agree on
 * one key. A key an older version kept in the database (readable by anyone who can read the
 * file) is moved into it, so tokens already handed out stay valid.
 */
const keyFromFile = async (db: Db, file: string): Promise<string> => {
  const legacy = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'jwt_secret')
    .executeTakeFirst()
  // Any failure here stops the start with one line naming the file (main.ts prints StartupErrors).
  const unusable = (why: string) =>
    new StartupError(
      `${file} ${why}: it must hold one key of at least ${MIN_SECRET_LENGTH} printable characters. Delete it to make a new one (everyone signs in again).`,
    )
  try {
    writeFileSync(file, legacy?.value ?? randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' })
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code !== 'EEXIST')
      throw new StartupError(`Cannot create the token key file ${file} (${code ?? (err as Error).message})`)
    if ((statSync(file).mode & 0o077) !== 0) {
      chmodSync(file, 0o600)
      console.warn(`${file} was readable by other users; it is now owner-only (0600).`)
    }
  }
  let secret: string
  try {
    secret = readFileSync(file, 'utf8').trim()
  } catch (err) {
    throw new StartupError(
      `Cannot read the token key file ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
    )
  }
  // What this server writes is base64url; a legacy key is printable text too. Anything else
  // (binary garbage, a truncated write) is not a key this server made.
  if (!/^[\x21-\x7e]*$/.test(secret))
    throw unusable('is not a key (it holds binary or non-printable characters)')
  if (secret.length < MIN_SECRET_LENGTH) throw unusable(`is too short (${secret.length} characters)`)
  if (legacy) await db.deleteFrom('settings').where('key', '=', 'jwt_secret').execute()
  return secret
}

/**
 * JWT_SECRET, else a generated key: in a key file beside a SQLite database, or in the settings
 * table of a PostgreSQL database (whose access the database server controls), so several
 * servers on one database accept each other's tokens.
 */
const loadSecret = async (db: Db, opts: SecretOptions): Promise<string> => {
  if (opts.jwtSecret !== undefined) {
    if (opts.jwtSecret.length < MIN_SECRET_LENGTH) {
      throw new StartupError(
        `JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long (it has ${opts.jwtSecret.length}). ` +
          'Set a longer random value (e.g. `openssl rand -base64 48`), or unset it to use a generated key.',
      )
    }
    return opts.jwtSecret
  }
  const file = keyFileFor(opts.databaseUrl)
  if (file) return keyFromFile(db, file)
  await db
    .insertInto('settings')
    .values({ key: 'jwt_secret', value: randomBytes(48).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'jwt_secret')
    .executeTakeFirstOrThrow()
  return row.value
}

export interface SecretOptions {
  jwtSecret?: string
  databaseUrl?: string
}

/** Imported once: jose would otherwise import raw secret bytes into WebCrypto on every call. */
const hmacKey = (secret: string) =>
  webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )

/** Every /api call but the public few needs a valid token of an approved user; /api/admin/* needs admin. */
export const registerAuth = async (app: FastifyInstance, db: Db, secretOptions: SecretOptions) => {
  const rawSecret = await loadSecret(db, secretOptions)
  const secret = await hmacKey(rawSecret)
  // A key of its own for sealing stored secrets: one secret, two uses that cannot be confused.
  app.decorate(
    'sealKey',
    Buffer.from(hkdfSync('sha256', rawSecret, '', 'booking-system sealed settings', 32)),
  )
  const verify = tokenVerifier(secret)
  // Read on every request, so a revoked session, a deactivated or rejected user loses access at
  // once; answered from memory while no write has touched the database since the last read.
  const findStaffSession = versionedMemo((sessionId: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.id', 'username', 'email', 'role', 'is_approved', 'active'])
      .where('sessions.id', '=', sessionId)
      .executeTakeFirst(),
  )
  // An agent's own user (issue 35): its own sessions and table; suspension refuses it at once.
  const findPortalSession = versionedMemo(async (sessionId: string): Promise<SessionUser | undefined> => {
    const row = await db
      .selectFrom('portal_sessions')
      .innerJoin('agent_users', 'agent_users.id', 'portal_sessions.agent_user_id')
      .select(['agent_users.id', 'email', 'account_id', 'suspended'])
      .where('portal_sessions.id', '=', sessionId)
      .executeTakeFirst()
    if (!row) return undefined
    return {
      id: row.id,
      username: row.email,
      email: row.email,
      role: 'agent_user',
      is_approved: 1,
      active: row.suspended ? 0 : 1,
      party: { kind: 'agent', id: row.account_id },
    }
  })
  const findSession = (sessionId: string, version: string | null, portal: boolean) =>
    portal ? findPortalSession(sessionId, version) : findStaffSession(sessionId, version)

  app.decorate('signToken', async (user: AuthUser) =>
    new SignJWT({ username: user.username, email: user.email, role: user.role, portal: Boolean(user.party) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setJti(user.party ? await startPortalSession(db, user.id) : await startSession(db, user.id))
      .setIssuedAt()
      .setExpirationTime(TOKEN_LIFETIME)
      .sign(secret),
  )
  app.decorateRequest('user', null)
  app.decorateRequest('caller', null)
  app.decorateRequest('sessionId', null)

  app.addHook('onRequest', async (req) => {
    // The matched route, not the raw URL: the router decodes %-escapes, so /api/%61dmin/... would
    // otherwise reach an admin route while looking like a non-admin path here.
    const path = req.routeOptions.url ?? req.url.split('?')[0]
    if (!path.startsWith('/api/') || PUBLIC.has(path) || path.startsWith('/api/docs')) return
    req.user = await authenticate(req, findSession, verify)
    req.caller = callerOf(req.user)
    if (path.startsWith('/api/admin/')) await requireAccess('admin')(req)
    // The server scopes by the caller (issue 35, decision 104): a user without the office's
    // screens reaches the portal and logout only, and is refused everything else as a user
    // without the capability is; the portal is refused to everyone else the same way.
    const portal = path.startsWith('/api/portal/')
    if (
      portal
        ? !can(req.user, 'use', 'portal')
        : !can(req.user, 'use', 'staff-area') && !OUTSIDE_STAFF.has(path)
    )
      throw adminOnly()
  })
}

/**
 * Checks a token's signature and expiry and returns its user id, or null. Tokens already checked
 * are remembered by their exact text: a signed-in browser sends the same token for 12 hours, and
 * the HMAC through WebCrypto cost more than the rest of a list request. Only the signature check
 * is saved — expiry is checked on every use, and the caller still looks the user up every time.
 */
const tokenVerifier = (secret: webcrypto.CryptoKey, max = 1000) => {
  const verified = new Map<string, { id: number; exp: number }>()
  return async (token: string): Promise<number | null> => {
    const known = verified.get(token)
    if (known && known.exp > Date.now() / 1000) return known.id
    verified.delete(token)
    try {
      // A token without an expiry was never signed here: with a leaked key it would last for ever.
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
      })
      const id = Number(payload.sub)
      if (verified.size >= max) verified.delete(verified.keys().next().value as string)
      verified.set(token, { id, exp: payload.exp as number })
      return id
    } catch {
      return null
    }
  }
}

const notAuthenticated = () => new HttpError(401, 'You are not authenticated')

type SessionUser = {
  id: number
  username: string
  email: string
  role: RoleName
  is_approved: number
  active: number
  party?: { kind: 'agent'; id: number }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session (the token's jti), for logout and password change. */
    sessionId: string | null
  }
}

/**
 * A token is good while its signature and expiry hold and its session row exists: logout, a
 * password change, deactivation and rejection delete session rows, so the token dies with them
 * and re-approving a user does not bring an old token back.
 */
const authenticate = async (
  req: FastifyRequest,
  findSession: (
    sessionId: string,
    version: string | null,
    portal: boolean,
  ) => Promise<SessionUser | undefined>,
  verify: (token: string) => Promise<number | null>,
): Promise<AuthUser> => {
  const header = req.headers.authorization
  if (!header?.startsWith('Bearer ')) throw notAuthenticated()
  const token = header.slice(7)
  const id = await verify(token)
  if (id === null) throw notAuthenticated()
  // A token without a numeric subject would reach the query as NaN (a 500 on PostgreSQL).
  if (!Number.isSafeInteger(id) || id <= 0) throw notAuthenticated()
  const claims = decodeJwt(token)
  const sessionId = claims.jti
  if (typeof sessionId !== 'string' || sessionId.length === 0) throw notAuthenticated()
  const user = await findSession(sessionId, req.dbVersion, claims.portal === true)
  if (!user || user.id !== id || !user.is_approved || !user.active) throw notAuthenticated()
  req.sessionId = sessionId
  const { is_approved: _a, active: _b, ...me } = user
  return me
}

const adminOnly = () => new HttpError(403, ADMIN_ONLY_MESSAGE)

/** The record lists' and records' check of the caller (decision 128), kept with the caller's scope. */
export { callerSeeingAll } from '../lib/caller-scope.ts'

/**
 * The one access rule: a route's level from its RecordSpec (`spec.access`), or 'admin' for
 * /api/admin/*. Authentication itself (an approved user's token) is the onRequest hook's.
 */
export const requireAccess =
  (level: Access) =>
  async (req: { user: AuthUser | null }): Promise<void> => {
    if (!can(req.user, 'use', { level })) throw adminOnly()
  }
