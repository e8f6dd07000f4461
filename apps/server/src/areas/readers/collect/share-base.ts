/**
 * Where share links point (issue 33 item 6, decision 086): PUBLIC_URL, else one of SHARE_HOSTS
 * (the request's Host only when it is on that list), never a Host header nobody configured: a
 * link built from `Host: evil.example` would send a customer, and the token, elsewhere.
 */
export interface ShareBase {
  /** The scheme, host and port links start with. */
  base: string
  /** Why customers may not be able to open such a link; null when the address is public. */
  warning: string | null
}

const hostsOf = (env: NodeJS.ProcessEnv) =>
  (env.SHARE_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)

/** Whether a host name is one only this computer or the office network can reach. */
export const isLocalHost = (host: string) => {
  const name = host
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name.endsWith('.local') ||
    name === '::1' ||
    name === '0.0.0.0' ||
    /^127\./.test(name) ||
    /^10\./.test(name) ||
    /^192\.168\./.test(name) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(name) ||
    /^f[cd][0-9a-f]{2}:/.test(name) ||
    !name.includes('.')
  )
}

const UNSET =
  'PUBLIC_URL is not set: share links point at this computer (localhost) and will not open on a customer’s phone. Set PUBLIC_URL to the office’s public address (or SHARE_HOSTS to the addresses it answers on) and restart.'
const local = (host: string) =>
  `Share links point at ${host}, an address only this computer or the office network can reach: customers outside cannot open them. Set PUBLIC_URL to the office’s public address.`

/** The base of a share link for a request that came with `host` (or none, for Settings). */
export const shareBase = (
  request: { protocol: string; host: string | undefined } | null,
  env: NodeJS.ProcessEnv = process.env,
): ShareBase => {
  const fixed = env.PUBLIC_URL?.trim()
  if (fixed) {
    const base = fixed.replace(/\/+$/, '')
    let host = ''
    try {
      host = new URL(base).host
    } catch {
      return {
        base,
        warning: `PUBLIC_URL (${base}) is not a web address: share links made from it will not open.`,
      }
    }
    return { base, warning: isLocalHost(host) ? local(host) : null }
  }
  const hosts = hostsOf(env)
  if (hosts.length > 0) {
    const asked = request?.host?.toLowerCase()
    const host = asked && hosts.includes(asked) ? asked : (hosts[0] as string)
    const base = `${request?.protocol ?? 'http'}://${host}`
    return { base, warning: isLocalHost(host) ? local(host) : null }
  }
  return { base: `http://localhost:${env.PORT ?? 3000}`, warning: UNSET }
}
