import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  CUSTOMER_COLUMN,
  DASHBOARD_SPECS,
  FORM_TYPES,
  PASSENGER_TABLES,
  PAYMENT_LABELS,
  PAYMENT_SOURCES,
  PAYMENT_TABLES,
  PaymentInput,
  passengerFileOf,
  RECEIPT_SPECS,
  RECORD_SPECS,
  RECORD_TYPE_LABEL,
  RECORD_TYPE_SEGMENT,
  type RecordSpec,
} from './index.ts'

// The lists read from RECORD_SPECS (decision 075) hold what the hand-written lists held.
describe('lists read from the record specs', () => {
  it('later payments: sources, tables and the names their messages use', () => {
    expect([...PAYMENT_SOURCES]).toEqual([
      'ticket',
      'umrah',
      'visa-processing',
      'gamca-token',
      'navtcc',
      'services',
    ])
    expect(PAYMENT_TABLES).toEqual({
      ticket: 'tickets',
      umrah: 'umrah',
      'visa-processing': 'visa_processing',
      'gamca-token': 'gamca_tokens',
      services: 'services',
      navtcc: 'navtcc',
    })
    expect(PAYMENT_LABELS['gamca-token']).toBe('GAMCA token')
    expect(
      PaymentInput.safeParse({ source_type: 'protector', source_id: 1, amount: 1, method: 'cash' }).success,
    ).toBe(false)
  })

  it('customers, passengers, their names and screens', () => {
    expect(CUSTOMER_COLUMN).toEqual({
      tickets: 'customer_add',
      umrah: 'customer_add',
      visa_processing: 'customer_add',
      gamca_tokens: 'customer_add',
      navtcc: 'customer_add',
      services: 'customer_add',
      refund_customers: 'name',
    })
    expect(PASSENGER_TABLES).toEqual([
      'gamca_tokens',
      'protectors',
      'visa_processing',
      'navtcc',
      'tickets',
      'umrah',
      'refunded',
      'refund_customers',
    ])
    expect(RECORD_TYPE_LABEL.visa_processing).toBe('Visa')
    expect(RECORD_TYPE_SEGMENT.gamca_tokens).toBe('gamcaToken')
    expect(passengerFileOf('protectors')?.passports).toBe('plain')
    expect(passengerFileOf('visa_processing')?.detail({ visa_number: 'V1', embassy: 'KSA' })).toBe(
      'Visa V1 · KSA',
    )
    expect(passengerFileOf('services')?.passports).toBeUndefined()
    expect(passengerFileOf('expenses')).toBeUndefined()
  })

  it('receipts, the dashboard order and the entry counters', () => {
    expect(RECEIPT_SPECS.map((s) => [s.path, s.receipt.kind])).toEqual([
      ['/ticket', 'Ticket'],
      ['/umrah', 'Umrah'],
      ['/visa-processing', 'Visa Processing'],
      ['/gamca-token', 'GAMCA Token'],
      ['/navtcc', 'NAVTCC'],
      ['/services', 'Service'],
    ])
    expect(DASHBOARD_SPECS.map((s) => s.table)).toEqual([
      'tickets',
      'umrah',
      'visa_processing',
      'gamca_tokens',
      'services',
      'navtcc',
      'protectors',
      'expenses',
      'refunded',
      'refund_customers',
      'vender_entries',
    ])
    expect([...FORM_TYPES].sort()).toEqual(
      [
        'ticket',
        'umrah',
        'visa',
        'gamca',
        'protector',
        'expense',
        'refunded',
        'services',
        'agent',
        'refund',
        'navtcc',
        'account',
        'vender',
        'payment',
      ].sort(),
    )
  })
})

describe('form steps', () => {
  // A field may be a path into a nested value ('passport_detail.title'): its first key is the body's.
  it("every field a form step checks is a key of the record's request body", () => {
    let checked = 0
    for (const spec of Object.values(RECORD_SPECS) as readonly RecordSpec[]) {
      const keys = Object.keys(
        z.toJSONSchema(spec.input, { io: 'input', unrepresentable: 'any' }).properties ?? {},
      )
      for (const step of spec.formSteps ?? [])
        for (const field of step.fields) {
          expect(keys, `${spec.table} step ${step.title}`).toContain(field.split('.')[0])
          checked++
        }
    }
    expect(checked).toBeGreaterThan(50)
  })
})
