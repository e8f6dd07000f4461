import { crc32, deflateSync } from 'node:zlib'
import { recordInput } from '@booking/shared/test-data'
import { expect } from 'vitest'
import type { TestApp } from './harness.ts'

// Issue 35: what the portal's tests share (an agent's user signed in, a slip, a multipart body).

/** A 2 x 2 PNG, made here (zlib of its four rows). */
export const tinyPng = (): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(td) >>> 0)
    return Buffer.concat([len, td, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(2, 0)
  ihdr.writeUInt32BE(2, 4)
  ihdr[8] = 8
  ihdr[9] = 2
  const raw = Buffer.from([0, 255, 0, 0, 255, 0, 0, 0, 0, 0, 255, 0, 0, 255, 0])
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** A multipart body of text fields and one file. */
const multipart = (fields: Record<string, string>, file?: { name: string; data: Buffer; type: string }) => {
  const boundary = `----portal${Date.now()}`
  const parts: Buffer[] = []
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`))
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="slip"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    )
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** Invites `email` to `agent`, sets the password, signs in: the token. */
export const agentUser = async (t: TestApp, agent: string, email: string) => {
  const invite = await t.call('admin', 'POST', `/api/agents/${encodeURIComponent(agent)}/users`, { email })
  expect(invite.status, JSON.stringify(invite.body)).toBe(201)
  const token = String(invite.body.url).split('/portal/invite/')[1]
  const set = await t.call('none', 'POST', `/api/portal/invites/${token}`, { password: 'river-stone-42' })
  expect(set.status).toBe(200)
  const login = await t.call('none', 'POST', '/api/user/login', { email, password: 'river-stone-42' })
  expect(login.status).toBe(200)
  return { id: invite.body.id as number, token: login.body.token as string, invite: token }
}

/** A slip the desk's form would send: a real PNG. */
const pngSlip = () => ({ name: 'slip.png', data: tinyPng(), type: 'image/png' })

/**
 * The agent's user sends a deposit as the desk's form does (multipart, the slip a file part);
 * `slip: null` sends the fields alone.
 */
export const sendDeposit = (
  t: TestApp,
  token: string,
  fields: Record<string, string>,
  slip: { name: string; data: Buffer; type: string } | null = pngSlip(),
) => {
  const body = multipart(fields, slip ?? undefined)
  return t.app.inject({
    method: 'POST',
    url: '/api/portal/deposits',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  })
}

/** A ticket sold to `agent` by staff (the factory's body): a booking of that agent's desk. Its id. */
export const ticketFor = async (t: TestApp, agent: string) => {
  const res = await t.call('employee', 'POST', '/api/ticket', recordInput('tickets', { agent_name: agent }))
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.ticket.id as number
}

export const as = (
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
