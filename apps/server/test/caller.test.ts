import { ADMIN_ONLY_MESSAGE, callerOf } from '@booking/shared'
import type { FastifyRequest } from 'fastify'
import { describe, expect, it } from 'vitest'
import { callerSeeingAll } from '../src/plugins/auth.ts'

// Issue 32 item 5 (decision 128): the auth hook puts the caller on the request once; the record
// lists and records take it from there and serve only a caller that sees every party's rows.

const asked = (user: Parameters<typeof callerOf>[0]) => ({ caller: callerOf(user) }) as FastifyRequest

describe('the caller from the pipeline', () => {
  it('staff see every row; an agent user (one party) and nobody are refused by the record readers', () => {
    expect(callerSeeingAll(asked({ role: 'employee' }))).toEqual({ role: 'employee', sees: { all: true } })
    expect(callerSeeingAll(asked({ role: 'admin' })).sees).toEqual({ all: true })
    for (const who of [{ role: 'agent_user', party: { kind: 'agent' as const, id: 7 } }, null]) {
      expect(() => callerSeeingAll(asked(who))).toThrow(ADMIN_ONLY_MESSAGE)
    }
  })
})
