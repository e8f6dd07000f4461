import type { FastifyInstance } from 'fastify'

export interface RouteEntry {
  method: string
  /** The registered path, e.g. /api/ticket/:id */
  path: string
}

/**
 * Every /api route Fastify has registered (HEAD and the catch-all excepted), read from its route
 * tree, so a route added later shows up here without editing a list.
 */
export const registeredApiRoutes = (app: FastifyInstance): RouteEntry[] => {
  const out: RouteEntry[] = []
  const stack: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line)
    if (!m) continue
    stack.length = m[1].length / 4
    stack.push(m[2])
    const joined = stack.join('')
    if (!m[3] || !joined.startsWith('/api/') || joined.includes('*') || joined.startsWith('/api/docs'))
      continue
    // `/:id|:bankName`: one tree node serving two routes; each is listed by its first name.
    const path = joined.replace(/:([A-Za-z]+)\|:[A-Za-z|:]+/g, ':$1')
    for (const method of m[3].split(', ')) if (method !== 'HEAD') out.push({ method, path })
  }
  return out
}

/** A route's path with its parameters filled in. */
export const fillPath = (path: string, value: string) => path.replace(/:[A-Za-z]+/g, value)
