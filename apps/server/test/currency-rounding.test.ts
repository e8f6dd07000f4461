import { allocatePaisa, rateMicroOf, rateOfMicro } from '@booking/shared'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { linesOf, type Move } from '../src/books/moves.ts'

// Issue 34 item 3 (decision 108): each currency's lines of an entry are converted to rupees together
// and rounded once, so an entry balances exactly in rupees and in every foreign currency.

const CURRENCIES = ['SAR', 'AED', 'USD'] as const
const ACCOUNTS = ['vendor:Makkah Hotels', 'agent:Gulf', 'bank:Dubai', 'cost:umrah', 'income:umrah', 'cash']

const entry = fc.record({
  // Rupees per unit with 6 decimals: 0.000001 .. 999.999999.
  rates: fc.tuple(...CURRENCIES.map(() => fc.bigInt({ min: 1n, max: 999_999_999n }))),
  moves: fc.array(
    fc.record({
      debit: fc.constantFrom(...ACCOUNTS),
      credit: fc.constantFrom(...ACCOUNTS),
      currency: fc.constantFrom('PKR', ...CURRENCIES),
      minor: fc.bigInt({ min: 1n, max: 10_000_000_000n }),
    }),
    { minLength: 2, maxLength: 5 },
  ),
})

describe('one rounding per entry (decision 108)', () => {
  it('1,000 random entries of 3-6 lines in SAR/AED/USD at 6-decimal rates balance exactly in rupees and in each currency', () => {
    let tried = 0
    fc.assert(
      fc.property(entry, ({ rates, moves }) => {
        const rateOf = Object.fromEntries(CURRENCIES.map((c, i) => [c, rates[i]!]))
        const given: Move[] = moves
          .filter((m) => m.debit !== m.credit)
          .map((m) =>
            m.currency === 'PKR'
              ? { debit: m.debit, credit: m.credit, money: { currency: 'PKR', minor: m.minor } }
              : {
                  debit: m.debit,
                  credit: m.credit,
                  money: { currency: m.currency, minor: m.minor },
                  rate: rateOf[m.currency]!,
                },
          )
        const { lines } = linesOf(given)
        fc.pre(lines.length >= 3 && lines.length <= 6)
        tried++
        const debits = lines.reduce((s, l) => s + l.debit, 0n)
        const credits = lines.reduce((s, l) => s + l.credit, 0n)
        expect(debits).toBe(credits)
        for (const c of CURRENCIES) {
          const mine = lines.filter((l) => l.currency === c)
          expect(mine.reduce((s, l) => s + l.fx_debit - l.fx_credit, 0n)).toBe(0n)
          // Rounded once, together: the currency's rupee lines balance too.
          expect(mine.reduce((s, l) => s + l.debit - l.credit, 0n)).toBe(0n)
          for (const l of mine) {
            // Each line within one paisa of its exact value: |rupee*10^(u+4) - fx*rate| < 10^(u+4).
            const exact = (l.fx_debit - l.fx_credit) * rateOf[c]!
            const off = (l.debit - l.credit) * 1_000_000n - exact
            expect(off < 1_000_000n && off > -1_000_000n).toBe(true)
            expect(l.rate).toBe(rateOf[c])
          }
        }
      }),
      { numRuns: 1000, seed: 34 },
    )
    expect(tried).toBe(1000)
  })

  it('largest remainder: three thirds of a paisa go to the earliest lines, and the total is kept', () => {
    // 1/3, 1/3, 1/3 and -1: exact sum 0.
    expect(allocatePaisa([1n, 1n, 1n, -3n], 3n)).toEqual([1n, 0n, 0n, -1n])
    expect(allocatePaisa([5n, 5n, -10n], 10n)).toEqual([1n, 0n, -1n])
    const out = allocatePaisa([7n, 7n, 7n], 10n)
    expect(out.reduce((s, n) => s + n, 0n)).toBe(2n)
  })

  it('a SAR bill the way Odoo #237889 rounds it line by line balances here: 3 × SAR 33.33 at 74.851234', () => {
    const rate = rateMicroOf('74.851234')!
    const sar = (minor: bigint) => ({ currency: 'SAR', minor })
    const { lines } = linesOf([
      { debit: 'cost:umrah', credit: 'vendor:Makkah Hotels', money: sar(3333n), rate },
      { debit: 'cost:visa', credit: 'vendor:Makkah Hotels', money: sar(3333n), rate },
      { debit: 'cost:transport', credit: 'vendor:Makkah Hotels', money: sar(3333n), rate },
    ])
    const vendor = lines.find((l) => l.account === 'vendor:Makkah Hotels')!
    expect(vendor.fx_credit).toBe(9999n)
    // 99.99 × 74.851234 = 7484.3748... -> Rs 7,484.37 on the vendor; the costs share it exactly.
    expect(vendor.credit).toBe(748437n)
    expect(lines.reduce((s, l) => s + l.debit, 0n)).toBe(748437n)
  })

  it('rates are exact decimals: typed text or a JSON number, at most 6 decimals, above 0', () => {
    expect(rateMicroOf('74.85')).toBe(74_850_000n)
    expect(rateMicroOf(74.85)).toBe(74_850_000n)
    expect(rateMicroOf('0.000001')).toBe(1n)
    expect(rateMicroOf('1.0000001')).toBeNull()
    expect(rateMicroOf('0')).toBeNull()
    expect(rateMicroOf('-3')).toBeNull()
    expect(rateMicroOf('1e3')).toBeNull()
    expect(rateOfMicro(74_850_000n)).toBe(74.85)
    expect(rateOfMicro(280_123_456n)).toBe(280.123456)
  })

  it('one entry uses one rate per currency', () => {
    const sar = { currency: 'SAR', minor: 100n }
    expect(() =>
      linesOf([
        { debit: 'cash', credit: 'vendor:A', money: sar, rate: 74_000_000n },
        { debit: 'cash', credit: 'vendor:A', money: sar, rate: 75_000_000n },
      ]),
    ).toThrow(/one rate per currency/)
  })
})
