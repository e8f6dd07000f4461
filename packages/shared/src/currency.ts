import { z } from 'zod'
import { fromPaisa, toPaisa } from './money.ts'

/**
 * Issue 34 (decisions 107-109): money in the currency it moved in. PKR is the books' currency;
 * every other currency carries a rate, rupees per one unit, kept exactly as an integer scaled by
 * 10^6 ("micro-rupees"), so 74.85 is 74_850_000n and no rate is ever a float in the books.
 */

export const BOOKS_CURRENCY = 'PKR'

/** ISO 4217 codes the office may turn on, with their minor units (KWD, BHD, OMR keep fils: 3). */
export const CURRENCY_MINOR_UNITS: Readonly<Record<string, number>> = {
  PKR: 2,
  SAR: 2,
  AED: 2,
  USD: 2,
  GBP: 2,
  EUR: 2,
  QAR: 2,
  CAD: 2,
  AUD: 2,
  MYR: 2,
  TRY: 2,
  CNY: 2,
  INR: 2,
  KWD: 3,
  BHD: 3,
  OMR: 3,
  JPY: 0,
}

export const RATE_SCALE = 1_000_000n
export const RATE_DECIMALS = 6

export const minorUnitsOf = (currency: string): number => {
  const units = CURRENCY_MINOR_UNITS[currency]
  if (units === undefined) throw new Error(`Unknown currency ${currency}`)
  return units
}

const CURRENCY_MESSAGE = 'Currency must be an ISO 4217 code such as SAR, AED or USD'
export const currencyCode = z
  .string({ error: CURRENCY_MESSAGE })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => v in CURRENCY_MINOR_UNITS, CURRENCY_MESSAGE)

const RATE_TEXT = /^\d{1,9}(\.\d{1,6})?$/
export const RATE_MESSAGE = 'Rate must be rupees per unit, above 0, with at most 6 decimals'

/** A rate as typed ("74.85", 74.85) as micro-rupees, exactly (decimal text, never a float product); null when unreadable. */
/**
 * Rupees paid against a balance in another currency (decision 152): its hundredths at `micro`
 * micro-rupees per unit, half up, once; within one hundredth of `open` settles `open` exactly.
 */
export const rupeesSettle = (paisa: bigint, micro: bigint, open: bigint): bigint => {
  const x = (2n * paisa * 1_000_000n + micro) / (2n * micro)
  const off = x > open ? x - open : open - x
  return off <= 1n ? open : x
}

export const rateMicroOf = (value: unknown): bigint | null => {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : String(value ?? '')
  const t = text.trim()
  if (!RATE_TEXT.test(t)) return null
  const [whole, fraction = ''] = t.split('.')
  const micro = BigInt(whole!) * RATE_SCALE + BigInt(fraction.padEnd(RATE_DECIMALS, '0'))
  return micro > 0n ? micro : null
}

/** Micro-rupees as the shortest exact decimal number (74_850_000n -> 74.85). */
export const rateOfMicro = (micro: bigint | number | string): number => {
  const m = BigInt(micro)
  const fraction = (m % RATE_SCALE).toString().padStart(RATE_DECIMALS, '0').replace(/0+$/, '')
  return Number(fraction ? `${m / RATE_SCALE}.${fraction}` : `${m / RATE_SCALE}`)
}

/** A typed rate as micro-rupees in decimal digits ("74850000"): text, so a body stays JSON all the way. */
export const rateField = z.union([z.number(), z.string()], { error: RATE_MESSAGE }).transform((v, ctx) => {
  const micro = rateMicroOf(v)
  if (micro === null) {
    ctx.addIssue({ code: 'custom', message: RATE_MESSAGE })
    return z.NEVER
  }
  return micro.toString()
})

const isoDay = z
  .string({ error: 'Date is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date must be yyyy-mm-dd')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Date must be yyyy-mm-dd')

/** POST /api/rates: the rupees one unit of `currency` buys on `date`, and where the figure came from. */
export const RateInput = z.object({
  date: isoDay,
  currency: currencyCode.refine((v) => v !== BOOKS_CURRENCY, 'PKR is the books’ currency: it has no rate'),
  rate: rateField,
  source: z
    .string()
    .trim()
    .max(100, 'At most 100 characters')
    .optional()
    .transform((v) => v ?? ''),
})
export type RateFields = z.output<typeof RateInput>

export const RateQuery = z.object({ currency: currencyCode, date: isoDay })

/** PUT /api/currencies/{code}: an admin turns a currency on or off. */
export const CurrencyInput = z.object({ enabled: z.boolean({ error: 'Enabled must be true or false' }) })

export interface RateAnswerRow {
  currency: string
  date: string
  rate: number
  source: string
}

/** Rupees (paisa) of `minor` units of a currency at `rateMicro`, exact, as a fraction paisa = n / d. */
export const paisaFraction = (minor: bigint, currency: string, rateMicro: bigint) => ({
  n: minor * rateMicro,
  d: 10n ** BigInt(minorUnitsOf(currency) + RATE_DECIMALS - 2),
})

const floorDiv = (n: bigint, d: bigint) => {
  const q = n / d
  return n % d !== 0n && n < 0n !== d < 0n ? q - 1n : q
}

/**
 * The one rounding (decision 108): each line's exact rupee value n_i/d floored, then the paisa the
 * floors lost (exact total − sum of floors) handed one each to the lines with the largest
 * remainders, earliest first on a tie. Each line ends within one paisa of its exact value and the
 * lines sum exactly to the exact total rounded half away from zero (0 for a balanced entry).
 */
export const allocatePaisa = (numerators: readonly bigint[], d: bigint): bigint[] => {
  const floors = numerators.map((n) => floorDiv(n, d))
  const total = numerators.reduce((s, n) => s + n, 0n)
  const twice = 2n * total
  const target = total >= 0n ? floorDiv(twice + d, 2n * d) : -floorDiv(-twice + d, 2n * d)
  let missing = target - floors.reduce((s, f) => s + f, 0n)
  const order = numerators
    .map((n, i) => ({ i, rem: n - floors[i]! * d }))
    .sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1))
  const out = [...floors]
  for (const { i } of order) {
    if (missing <= 0n) break
    out[i] = out[i]! + 1n
    missing -= 1n
  }
  return out
}

/**
 * The rupees of `amount` (hundredths of `currency`) at `rate` (rupees per unit), rounded once half
 * away from zero, as the books round a line alone (decision 108): a receipt's rupee equivalent.
 */
export const rupeesAt = (amount: number, currency: string, rate: number | string): number => {
  const micro = rateMicroOf(rate)
  if (micro === null) return 0
  const { n, d } = paisaFraction(BigInt(toPaisa(amount)), currency, micro)
  return fromPaisa(allocatePaisa([n], d)[0]!)
}

const success = <S extends z.ZodRawShape>(shape: S) => z.object({ status: z.literal('success'), ...shape })
const rateShape = { currency: z.string(), date: z.string(), rate: z.number(), source: z.string() }
export const CurrenciesAnswer = success({
  currencies: z.array(z.object({ code: z.string(), minor_units: z.number(), enabled: z.boolean() })),
})
export const CurrencySavedAnswer = success({ message: z.string(), code: z.string(), enabled: z.boolean() })
export const RateAnswer = success(rateShape)
export const RateSavedAnswer = success({ message: z.string(), ...rateShape })
/**
 * The currency a record side takes for a party, and the rate a form proposes on a day (decision
 * 124): GET /api/rates/party/{kind}/{name}?date=.
 */
// A bank (Office Accounts, decision 132): its currency and rate; "Cash in Office" is rupees.
export const PARTY_RATE_KINDS = ['agent', 'vendor', 'bank', 'customer'] as const
export const PartyRateQuery = z.object({ date: isoDay.optional() })
export const PartyRateAnswer = success({
  kind: z.string(),
  name: z.string(),
  currency: z.string(),
  date: z.string().nullable(),
  rate: z.number().nullable(),
  source: z.string(),
})
export const TodayRatesAnswer = success({
  today: z.string(),
  rates: z.array(
    z.object({
      currency: z.string(),
      today: z.string(),
      date: z.string().nullable(),
      rate: z.number().nullable(),
      source: z.string(),
    }),
  ),
})

/** GET /api/reports/exchange?from=&to= (issue 34 item 6, decision 109). */
/** Without `from`, since the books began; without `to`, through the agency's today. */
export const ExchangeReportQuery = z.object({ from: isoDay.optional(), to: isoDay.optional() })
export const ExchangeReportAnswer = success({
  from: z.string(),
  to: z.string(),
  /** Per party account: rupees gained (+) or lost (−) when its foreign balance was settled. */
  realised: z.array(
    z.object({ account: z.string(), name: z.string(), currency: z.string(), amount: z.number() }),
  ),
  realised_total: z.number(),
  /** Per foreign account: the revaluations' rupees dated in the range, net of their reversals (decision 121). */
  unrealised: z.array(
    z.object({ account: z.string(), name: z.string(), currency: z.string(), amount: z.number() }),
  ),
  unrealised_total: z.number(),
})
