import { PaymentInput } from '@booking/shared'
import { documentPaths, schemaOf } from '../../../lib/openapi.ts'

const ok = (description: string) => ({ '200': { description } })
const q = (name: string, type = 'string') => ({ name, in: 'query', required: false, schema: { type } })

/** Payments and the books' reports in /api/docs. */
export const documentBooks = () =>
  documentPaths({
    '/api/payments': {
      post: {
        tags: ['books'],
        summary: 'Receive a payment against a record’s remaining amount (Idempotency-Key supported)',
        requestBody: { required: true, content: { 'application/json': { schema: schemaOf(PaymentInput) } } },
        responses: { '201': { description: '{ status, message, payment: { id, receipt_no, … } }' } },
      },
      get: {
        tags: ['books'],
        summary: 'One record’s payments (source_type, source_id), or every payment, newest first',
        parameters: [q('source_type'), q('source_id', 'integer')],
        responses: ok('{ status, payments: [...] }'),
      },
    },
    '/api/payments/{id}': {
      delete: {
        tags: ['books'],
        summary: 'Delete a payment and reverse its postings (admins)',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: ok('{ status, message }'),
      },
    },
    '/api/reports/trial-balance': {
      get: {
        tags: ['books'],
        summary: 'Debits and credits of every account up to a day (admins)',
        parameters: [q('to')],
        responses: ok(
          '{ to, accounts: [{ code, name, kind, debit, credit, balance }], totals: { debit, credit } }',
        ),
      },
    },
    '/api/reports/books-check': {
      get: {
        tags: ['books'],
        summary:
          'Prove the lines written since the last verified point and the checkpoints they touched (admins; the full check is npm run check-books)',
        responses: ok('{ ok, checked, scope, lines, through_line, ms, first_divergence? }'),
      },
    },
    '/api/reports/cash-in-office': {
      get: {
        tags: ['books'],
        summary: 'The cash account’s balance, optionally up to a day (admins)',
        parameters: [q('to')],
        responses: ok('{ status, cashInOffice }'),
      },
    },
  })
