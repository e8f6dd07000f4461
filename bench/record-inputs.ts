import { type RecordInput, recordInput } from '@booking/shared/test-data'

/**
 * Varied, valid request bodies for every money-moving record type, as the forms post them: the
 * typed factories of `@booking/shared/test-data` with the varying fields laid over them (a field
 * the input schema does not have does not compile). The seed runs them through the app's own
 * lifecycle (parse → row → entry → journal → postings → audit), so what it stores is exactly what
 * the API would.
 */

export const FIRST = [
  'Ali',
  'Ahmed',
  'Fatima',
  'Ayesha',
  'Usman',
  'Bilal',
  'Sana',
  'Hamza',
  'Zainab',
  'Imran',
]
export const LAST = [
  'Khan',
  'Malik',
  'Butt',
  'Chaudhry',
  'Sheikh',
  'Qureshi',
  'Raza',
  'Iqbal',
  'Siddiqui',
  'Javed',
]
const SECTORS = ['LHE-DXB', 'ISB-JED', 'KHI-RUH', 'LHE-DOH', 'ISB-LHR', 'MUX-SHJ']
const AIRLINES = ['PIA', 'Emirates', 'Qatar Airways', 'Saudia', 'Flydubai', 'Air Arabia']
/** Names on the agent and vendor lists (the seed adds them first, as the add-name dialogs do). */
export const VENDORS = ['Al Noor Travels', 'Sky Links', 'Makkah Tours', 'Gulf Connect']
export const AGENTS = ['Agent Rafiq', 'Agent Tariq', 'Agent Huma']
/** Three of the six accounts migration 0001 creates. */
const BANKS = ['UBL Account 1', 'HBL Account 1', 'MCB FIT']
const COUNTRIES = ['Saudi Arabia', 'UAE', 'Qatar', 'Oman']

/** Share of each record type in an agency's year (tickets dominate, refunds are rare). */
export const MIX: ReadonlyArray<readonly [RecordTable, number]> = [
  ['tickets', 30],
  ['umrah', 8],
  ['visa_processing', 12],
  ['gamca_tokens', 10],
  ['services', 10],
  ['protectors', 8],
  ['expenses', 8],
  ['refunded', 4],
  ['navtcc', 4],
  ['refund_customers', 3],
  ['vender_entries', 3],
]

export type RecordTable =
  | 'tickets'
  | 'umrah'
  | 'visa_processing'
  | 'gamca_tokens'
  | 'services'
  | 'protectors'
  | 'expenses'
  | 'refunded'
  | 'navtcc'
  | 'refund_customers'
  | 'vender_entries'

/** mulberry32: small, fast and the same sequence for the same seed everywhere. */
export const random = (seed: number) => () => {
  seed |= 0
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** A body generator drawing from one random stream (same seed, same bodies). */
export const recordInputs = (rand: () => number) => {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T
  /** Whole rupees up to `max`. */
  const rupees = (max: number) => 100 + Math.floor(rand() * max)
  const totalWeight = MIX.reduce((s, [, w]) => s + w, 0)
  const pickType = (): RecordTable => {
    let r = rand() * totalWeight
    for (const [type, w] of MIX) {
      r -= w
      if (r < 0) return type
    }
    return 'tickets'
  }
  /** Receivable split into cash, bank and what is left, as a counter clerk enters it. */
  const sale = (max: number) => {
    const receivable = rupees(max)
    const cash = Math.floor(receivable * rand() * 0.6)
    const bank = rand() < 0.5 ? Math.floor((receivable - cash) * rand() * 0.8) : 0
    return { receivable, cash, bank }
  }

  const body = (type: RecordTable, date: string): RecordInput<RecordTable> => {
    const first = pick(FIRST)
    const last = pick(LAST)
    const name = `${first} ${last}`
    const reference = `REF-${Math.floor(rand() * 1e6)}`
    const passport = `${String.fromCharCode(65 + Math.floor(rand() * 26))}${String.fromCharCode(65 + Math.floor(rand() * 26))}${Math.floor(rand() * 1e7)}`
    const traveller = {
      title: 'Mr',
      firstName: first,
      lastName: last,
      dob: '1990-04-12',
      nationality: 'Pakistani',
      documentType: 'Passport',
      documentNo: passport,
      documentExpiry: '2032-04-11',
      issueCountry: 'Pakistan',
    }
    const passengers = JSON.stringify([traveller])
    const later = addDays(date, 7 + Math.floor(rand() * 30))
    switch (type) {
      case 'tickets': {
        const s = sale(250_000)
        return recordInput('tickets', {
          employee_name: 'bench',
          agent_name: pick(AGENTS),
          customer_add: name,
          reference,
          depart_date: date,
          return_date: later,
          sector: pick(SECTORS),
          airline: pick(AIRLINES),
          adults: 1,
          children: 0,
          infants: 0,
          passport_detail: passengers,
          receivable_amount: s.receivable,
          paid_cash: s.cash,
          bank_title: pick(BANKS),
          paid_in_bank: s.bank,
          payable_to_vendor: Math.floor(s.receivable * 0.85),
          vendor_name: pick(VENDORS),
        })
      }
      case 'umrah': {
        const s = sale(400_000)
        return recordInput('umrah', {
          userName: 'bench',
          customerAdd: name,
          reference,
          packageDetail: `${pick([15, 21, 28])} days`,
          depart_date: date,
          return_date: later,
          sector: pick(SECTORS),
          airline: pick(AIRLINES),
          adults: 1,
          children: 0,
          infants: 0,
          passportDetail: passengers,
          receivableAmount: s.receivable,
          paidCash: s.cash,
          bank_title: pick(BANKS),
          paidInBank: s.bank,
          payableToVendor: Math.floor(s.receivable * 0.85),
          vendorName: pick(VENDORS),
        })
      }
      case 'visa_processing': {
        const s = sale(150_000)
        return recordInput('visa_processing', {
          employee_name: 'bench',
          reference,
          customer_add: name,
          sponsor_name: `${pick(FIRST)} Sponsor`,
          embassy: 'KSA',
          passport_detail: passengers,
          embassy_send_date: date,
          receivable_amount: s.receivable,
          paid_cash: s.cash,
          paid_in_bank: s.bank,
          bank_title: pick(BANKS),
        })
      }
      case 'gamca_tokens': {
        const s = sale(20_000)
        return recordInput('gamca_tokens', {
          employee_name: 'bench',
          customer_add: name,
          reference,
          country: pick(COUNTRIES),
          passport_detail: passengers,
          receivable_amount: s.receivable,
          paid_cash: s.cash,
          paid_from_bank: pick(BANKS),
          paid_in_bank: s.bank,
          profit: Math.floor(s.receivable * 0.1),
        })
      }
      case 'navtcc': {
        const s = sale(60_000)
        return recordInput('navtcc', {
          employee_name: 'bench',
          customer_add: name,
          reference,
          profession_key: pick(['Electrician', 'Driver', 'Welder']),
          passport_detail: passengers,
          receivable_amount: s.receivable,
          paid_cash: s.cash,
          paid_in_bank: s.bank,
          bank_title: pick(BANKS),
          payed_to_bank: Math.floor(s.receivable * 0.7),
        })
      }
      case 'services': {
        const s = sale(50_000)
        return recordInput('services', {
          user_name: 'bench',
          customer_add: name,
          booking_date: date,
          specific_detail: 'Visa stamping',
          visa_type: pick(['WORK VISA', 'VISIT VISA']),
          receivable_amount: s.receivable,
          paid_cash: s.cash,
          paid_in_bank: s.bank,
          bank_title: pick(BANKS),
          profit: Math.floor(s.receivable * 0.1),
        })
      }
      case 'protectors':
        return recordInput('protectors', {
          employee: 'bench',
          name,
          passport,
          reference,
          file_no: `F-${Math.floor(rand() * 1e5)}`,
          withdraw: rupees(8_000),
          mcb_fee_6000_date: date,
          ncb_fee_6700_date: date,
          ncb_fee_500_date: date,
          protector_date: date,
          additional_charges: 0,
        })
      case 'expenses': {
        const total = rupees(30_000)
        return recordInput('expenses', {
          user_name: 'bench',
          date,
          detail: pick(['Electricity bill', 'Office rent', 'Tea and snacks', 'Printer toner']),
          total_amount: total,
          selection: pick(['UTILITY BILL', 'OFFICE EXPENSE']),
          withdraw: Math.floor(total * rand()),
        })
      }
      case 'refunded':
        return recordInput('refunded', {
          employee: 'bench',
          date,
          name,
          passport,
          reference,
          paid_fee_date: date,
          total_balance: rupees(60_000),
          withdraw: rupees(5_000),
        })
      case 'refund_customers': {
        const total = rupees(200_000)
        const fromVendor = Math.floor(total * 0.5 * rand())
        const cash = Math.floor(total * 0.3 * rand())
        const bank = rand() < 0.5 ? Math.floor(total * 0.1 * rand()) : 0
        return recordInput('refund_customers', {
          employee: 'bench',
          name,
          date,
          passport,
          reference,
          detail_sector: pick(SECTORS),
          total_amount: total,
          vender_name: pick(VENDORS),
          return_from_vendor: fromVendor,
          office_service_charges: Math.floor(total * 0.05),
          paid_cash: cash,
          paid_in_bank: bank,
          bank_title: pick(BANKS),
        })
      }
      case 'vender_entries':
        return recordInput('vender_entries', {
          vender_name: pick(VENDORS),
          date,
          detail: 'Vendor payment',
          bank_title: pick(BANKS),
          credit: 0,
          debit: rupees(100_000),
          withdraw: rupees(100_000),
        })
    }
  }
  return { pickType, body }
}
