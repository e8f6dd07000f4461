import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { download } from './paperwork-helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

// Urdu on paper (issue 23.1, decision 044): the name and the PNR read back from the PDF in the
// order they were typed, on a receipt and on a statement, in both paper languages.

const t = setupTestApp((t) => addNames(t, COMMON_NAMES))
const URDU_NAME = 'محمد علی خان'
const PNR = 'PK8HJ2'
const dir = mkdtempSync(join(tmpdir(), 'urdu-papers-'))

/** The text poppler's pdftotext reads, lines as on the page (it honours the ActualText the Urdu runs carry). */
const extract = (bytes: Buffer, name: string) => {
  const file = join(dir, name)
  writeFileSync(file, bytes)
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
  // pdftotext wraps right-to-left runs in embedding marks; the words themselves are what count.
  return text.replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
}

describe('Urdu and English papers', () => {
  it('a receipt and a statement print an Urdu name and a PNR in logical order, in the customer’s language', async () => {
    const customer = await t.call('admin', 'POST', '/api/customers', {
      name: URDU_NAME,
      mobile_number: '03001234567',
      paper_language: 'ur',
    })
    expect(customer.status).toBe(201)
    expect(customer.body.customer.paper_language).toBe('ur')
    const created = await t.call('employee', 'POST', '/api/ticket', {
      ...VALID_BODIES['/api/ticket']!.body,
      customer_add: URDU_NAME,
      reference: `PNR ${PNR} بکنگ`,
    })
    expect(created.status).toBe(201)
    const id = created.body.ticket.id

    // The customer's saved language: an Urdu receipt.
    const ur = await download(t, 'employee', `/api/ticket/${id}/receipt.pdf`)
    expect(ur.status).toBe(200)
    const urText = extract(ur.bytes, 'receipt-ur.pdf')
    expect(urText).toContain(URDU_NAME)
    expect(urText).toContain(`PNR ${PNR}`)
    expect(urText).not.toContain('2JH8KP')
    expect(urText).toContain('رسید')
    expect(urText).toContain('کل رقم')

    // Asked for English: English labels, the same Urdu name, the PNR before the Urdu word.
    const en = await download(t, 'employee', `/api/ticket/${id}/receipt.pdf?lang=en`)
    const enText = extract(en.bytes, 'receipt-en.pdf')
    expect(enText).toContain('RECEIPT')
    expect(enText).toContain(URDU_NAME)
    expect(enText).toMatch(new RegExp(`Reference\\s+PNR ${PNR}\\s+بکنگ`))

    // A booking without an agent is on the customer's own statement (decision 033).
    const own = await t.call('employee', 'POST', '/api/ticket', {
      ...VALID_BODIES['/api/ticket']!.body,
      agent_name: '',
      customer_add: URDU_NAME,
      reference: PNR,
    })
    expect(own.status).toBe(201)
    const statement = await download(t, 'employee', `/api/statements/agent/Agent%20A?format=pdf&lang=ur`)
    expect(statement.status).toBe(200)
    const sText = extract(statement.bytes, 'statement-ur.pdf')
    expect(sText).toContain('کھاتے کا گوشوارہ')
    const customerStatement = await download(
      t,
      'employee',
      `/api/statements/customer/${customer.body.customer.id}?format=pdf`,
    )
    expect(customerStatement.status).toBe(200)
    const cText = extract(customerStatement.bytes, 'statement-customer.pdf')
    expect(cText).toContain('کھاتے کا گوشوارہ')
    for (const text of [sText, cText]) {
      expect(text).toContain(URDU_NAME)
      expect(text).toContain(PNR)
    }

    expect((await download(t, 'employee', `/api/ticket/${id}/receipt.pdf?lang=fr`)).status).toBe(400)
  })
})
