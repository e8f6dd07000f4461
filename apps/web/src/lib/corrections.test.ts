import { describe, expect, it } from 'vitest'
import { changedFields } from './corrections.ts'

describe('changedFields', () => {
  it('sends only what the employee changed, treating typed numbers, empty text and JSON text as equal', () => {
    const original = {
      id: 4,
      name: 'Ali',
      additional_charges: 1500,
      reference: null,
      passport_detail: '[{"firstName":"Ali"}]',
    }
    const body = {
      name: 'Ali Khan',
      additional_charges: '1500',
      reference: '',
      passport_detail: [{ firstName: 'Ali' }],
    }
    expect(changedFields(original, body)).toEqual({ name: 'Ali Khan' })
    expect(changedFields(original, { ...body, additional_charges: 1750 })).toEqual({
      name: 'Ali Khan',
      additional_charges: 1750,
    })
    expect(changedFields(original, { passport_detail: [{ firstName: 'Omar' }] })).toEqual({
      passport_detail: [{ firstName: 'Omar' }],
    })
  })

  it("compares an Umrah form's pilgrims with every pilgrim, not the spec's lead passenger", () => {
    const lead = { firstName: 'Yousuf' }
    const second = { firstName: 'Idrees' }
    const original = { passportDetail: JSON.stringify(lead), passengers: [lead, second] }
    expect(changedFields(original, { passportDetail: JSON.stringify([lead, second]) })).toEqual({})
    expect(
      changedFields(original, { passportDetail: JSON.stringify([lead, { firstName: 'Bilal' }]) }),
    ).toEqual({
      passportDetail: JSON.stringify([lead, { firstName: 'Bilal' }]),
    })
  })
})
