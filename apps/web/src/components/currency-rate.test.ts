import { describe, expect, it } from 'vitest'
import { rateForApi, ratesForApi, withoutUnset } from './currency-rate.tsx'

// Issue 34 (decision 124): what a form sends for a side's currency and rate.
describe('currency and rate in a record body', () => {
  it('the schema’s micro-rupees go back to rupees per unit, exactly', () => {
    expect(rateForApi('74850000')).toBe(74.85)
    expect(rateForApi('280123400')).toBe(280.1234)
    expect(rateForApi(undefined)).toBeUndefined()
    expect(ratesForApi({ SAR: '74851234' })).toEqual({ SAR: 74.851234 })
    expect(ratesForApi(undefined)).toBeUndefined()
  })
  it('a rupee party’s body leaves the currency keys out, and nothing else', () => {
    const body = withoutUnset({ vender_name: 'A', currency: undefined, rate: undefined, detail: undefined })
    expect(Object.keys(body)).toEqual(['vender_name', 'detail'])
    expect(withoutUnset({ currency: 'SAR', rate: 74.85 })).toEqual({ currency: 'SAR', rate: 74.85 })
  })
})
