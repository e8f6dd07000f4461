import { amountInWords, DEFAULT_AGENCY } from '@booking/shared'
import { describe, expect, it } from 'vitest'
import { renderReceipt } from '../src/areas/platform/documents/receipt.ts'
import { paymentReceipt } from '../src/areas/records/payments/receipt.ts'
import { addNames, COMMON_NAMES, setupTestApp } from './helpers.ts'
import { download, pdfText } from './paperwork-helpers.ts'
import { VALID_BODIES } from './record-bodies.ts'

const t = setupTestApp((t) => addNames(t, COMMON_NAMES))

const streamToBuffer = (doc: PDFKit.PDFDocument) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = []
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    doc.end()
  })

describe('booking receipts', () => {
  it('a ticket receipt holds the agency, entry, passenger, amounts, remaining and the amounts in words', async () => {
    const saved = await t.call('admin', 'PUT', '/api/admin/settings', {
      name: 'Al Noor Travels',
      address: '12 Mall Road, Lahore',
      phone: '042-111-222',
      email: 'info@alnoor.pk',
      currency: 'Rs',
      time_zone: 'Asia/Karachi',
    })
    expect(saved.status).toBe(200)
    const body = {
      ...VALID_BODIES['/api/ticket']!.body,
      receivable_amount: 150000,
      paid_cash: 100000,
      paid_in_bank: 20000.5,
    }
    const created = await t.call('employee', 'POST', '/api/ticket', body)
    expect(created.status).toBe(201)
    const ticket = created.body.ticket
    const res = await download(t, 'employee', `/api/ticket/${ticket.id}/receipt.pdf`)
    expect(res.status).toBe(200)
    expect(res.type).toBe('application/pdf')
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const text = await pdfText(res.bytes)
    expect(text).toContain('Al Noor Travels')
    expect(text).toContain('12 Mall Road, Lahore')
    expect(text).toContain(`No. ${ticket.entry}`)
    expect(text).toContain('Mr Ali Khan')
    expect(text).toContain('Rs 150,000')
    expect(text).toContain('Rs 100,000')
    expect(text).toContain('Rs 20,000.50')
    expect(text).toContain('Rs 120,000.50')
    // Remaining 150,000 - 100,000 - 20,000.50.
    expect(text).toContain('Rs 29,999.50')
    expect(text).toContain('Rupees One Lakh Fifty Thousand Only')
    expect(text).toContain('Rupees One Lakh Twenty Thousand and Fifty Paisa Only')
  })

  it('every booking type answers a receipt; an unknown id is a 404 and a bad id a 400', async () => {
    for (const path of [
      '/api/umrah',
      '/api/visa-processing',
      '/api/gamca-token',
      '/api/services',
      '/api/navtcc',
    ]) {
      const created = await t.call('admin', 'POST', path, VALID_BODIES[path]!.body)
      expect(created.status, path).toBe(201)
      const record = Object.values(created.body).find((v) => v && typeof v === 'object') as {
        id: number
        entry: string
      }
      const res = await download(t, 'admin', `${path}/${record.id}/receipt.pdf`)
      expect(res.status, path).toBe(200)
      expect(await pdfText(res.bytes)).toContain(record.entry)
    }
    expect((await t.call('admin', 'GET', '/api/ticket/999999/receipt.pdf')).status).toBe(404)
    expect((await t.call('admin', 'GET', '/api/ticket/abc/receipt.pdf')).status).toBe(400)
    expect((await t.call('none', 'GET', '/api/ticket/1/receipt.pdf')).status).toBe(401)
  })
})

describe('payment receipts', () => {
  it('GET /api/payments/{id}/receipt.pdf prints the payments table row: number, amount, amount in words', async () => {
    const created = await t.call('employee', 'POST', '/api/ticket', {
      ...VALID_BODIES['/api/ticket']!.body,
      receivable_amount: 250000,
      paid_cash: 50000,
      paid_in_bank: 0,
    })
    expect(created.status).toBe(201)
    const paid = await t.call('employee', 'POST', '/api/payments', {
      source_type: 'ticket',
      source_id: created.body.ticket.id,
      amount: 125000.75,
      method: 'cash',
      date: '2026-11-20',
      note: 'First instalment',
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(201)
    const payment = paid.body.payment as { id: number; receipt_no: string }
    const res = await download(t, 'employee', `/api/payments/${payment.id}/receipt.pdf`)
    expect(res.status).toBe(200)
    expect(res.type).toBe('application/pdf')
    const text = await pdfText(res.bytes)
    expect(text).toContain(payment.receipt_no)
    expect(text).toContain('Rs 125,000.75')
    expect(text).toContain(amountInWords(125000.75))
    expect(text).toContain('Rupees One Lakh Twenty Five Thousand and Seventy Five Paisa Only')
    expect(text).toContain('First instalment')
    expect(text).toContain('20/11/2026')
    expect(text).toContain(String(created.body.ticket.entry))
    expect(text).not.toContain('ticket #')
    expect((await t.call('admin', 'GET', '/api/payments/999999/receipt.pdf')).status).toBe(404)
    expect((await t.call('admin', 'GET', '/api/payments/abc/receipt.pdf')).status).toBe(400)
    expect((await t.call('none', 'GET', `/api/payments/${payment.id}/receipt.pdf`)).status).toBe(401)
  })

  it('holds the receipt number, the amount and the amount in words with paisa', async () => {
    const doc = renderReceipt(
      { ...DEFAULT_AGENCY, name: 'Al Noor Travels' },
      paymentReceipt({
        id: 7,
        receipt_no: 'R-000123',
        source_type: 'tickets',
        source_id: 42,
        date: '2026-11-20',
        amount: 150000.5,
        method: 'bank',
        bank_title: 'UBL Account 1',
        note: 'Second instalment',
      }),
      '24/11/2026 10:00',
    )
    const text = await pdfText(await streamToBuffer(doc))
    expect(text).toContain('R-000123')
    expect(text).toContain('Rs 150,000.50')
    expect(text).toContain(amountInWords(150000.5))
    expect(text).toContain('Rupees One Lakh Fifty Thousand and Fifty Paisa Only')
    expect(text).toContain('UBL Account 1')
    expect(text).toContain('tickets #42')
    expect(text).toContain('20/11/2026')
  })
})
