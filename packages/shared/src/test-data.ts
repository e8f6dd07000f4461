import type { z } from 'zod'
import type { RecordSpecs, RecordTable } from './records/spec.ts'

/**
 * Typed test data: a valid body for every record type's create, as its input schema takes it.
 * API tests, e2e seeds and the bench start from these (imported as `@booking/shared/test-data`, so
 * the web bundle never carries them); a field added to an input schema without a value here does
 * not compile.
 */

/** What a record type's POST takes. */
export type RecordInput<T extends RecordTable> = z.input<RecordSpecs[T]['input']>

/** A traveller with every passenger field filled; tests name the person and change what they check. */
export const passenger = (firstName: string, lastName: string, more: Record<string, string> = {}) => ({
  title: 'Mr',
  firstName,
  lastName,
  dob: '1990-04-12',
  nationality: 'Pakistani',
  documentType: 'Passport',
  documentNo: `PK-${firstName}`,
  documentExpiry: '2030-04-11',
  issueCountry: 'Pakistan',
  ...more,
})

const one = () => JSON.stringify(passenger('Ali', 'Khan'))

/**
 * The bank, agent and vendor names the bodies use. The banks are the ones a fresh database starts
 * with; the agent and vendor names must be added first (`POST /api/agent-names`, `/vender-names`).
 */
export const TEST_NAMES = { agents: ['Agent A'], vendors: ['Vendor V', 'Umrah Vendor'] }

const BODIES: { [T in RecordTable]: () => RecordInput<T> } = {
  tickets: () => ({
    employee_name: 'emp',
    agent_name: 'Agent A',
    customer_add: 'Ali Traders',
    reference: 'REF-1',
    depart_date: '2026-05-10',
    return_date: '2026-05-20',
    sector: 'LHE-DXB',
    airline: 'Emirates',
    adults: 1,
    children: 0,
    infants: 0,
    passport_detail: JSON.stringify([passenger('Ali', 'Khan')]),
    receivable_amount: 100000,
    paid_cash: 30000,
    bank_title: 'UBL Account 1',
    paid_in_bank: 20000.5,
    payable_to_vendor: 80000,
    vendor_name: 'Vendor V',
  }),
  umrah: () => ({
    userName: 'emp',
    customerAdd: 'Bibi Family',
    reference: 'UM-REF',
    packageDetail: '15 days',
    depart_date: '2026-03-01',
    return_date: '2026-03-16',
    sector: 'ISB-JED',
    airline: 'Saudia',
    adults: 1,
    children: 0,
    infants: 0,
    passportDetail: one(),
    receivableAmount: 350000,
    paidCash: 100000,
    bank_title: 'MCB FIT',
    paidInBank: 150000,
    payableToVendor: 300000,
    vendorName: 'Umrah Vendor',
  }),
  visa_processing: () => ({
    employee_name: 'emp',
    passport_detail: one(),
    receivable_amount: 150000,
    additional_charges: 0,
    pay_for_protector: 0,
    paid_cash: 50000,
    paid_in_bank: 25000.25,
    bank_title: 'HBL Account 1',
  }),
  gamca_tokens: () => ({
    employee_name: 'emp',
    customer_add: 'Karachi',
    reference: 'Ref G',
    country: 'Saudi Arabia',
    passport_detail: one(),
    receivable_amount: 18000,
    paid_cash: 5000,
    paid_from_bank: 'United Bank (holder Account 1)',
    paid_in_bank: 3000.5,
    profit: 2500,
  }),
  navtcc: () => ({
    employee_name: 'emp',
    customer_add: 'Usman Ghani, Lahore',
    reference: 'REF-N1',
    profession_key: 'Emirates',
    passport_detail: one(),
    receivable_amount: 60000,
    paid_cash: 20000,
    paid_in_bank: 15000,
    paid_from_bank: 'HABIB BANK (Account 1)',
    payed_to_bank: 45000,
  }),
  refund_customers: () => ({
    employee: 'emp',
    name: 'Sana Iqbal',
    date: '2026-02-10',
    passport: 'PK445566',
    reference: 'REF-R1',
    detail_sector: 'LHE-DXB',
    total_amount: 100000,
    vender_name: 'Sky Travels',
    return_from_vendor: 20000.5,
    office_service_charges: 5000,
    paid_cash: 30000,
    paid_in_bank: 10000,
    bank_title: 'UNITED BANK (Account 1)',
  }),
  services: () => ({
    user_name: 'emp',
    customer_add: 'Rawalpindi',
    booking_date: '2026-05-20',
    specific_detail: 'Visa stamping',
    visa_type: 'WORK VISA',
    receivable_amount: 50000.75,
    paid_cash: 20000.5,
    paid_in_bank: 10000.1,
    bank_title: 'UBL Account 2',
    profit: 8000,
  }),
  expenses: () => ({
    user_name: 'emp',
    date: '2026-02-10',
    detail: 'Electricity bill',
    total_amount: 12500.75,
    selection: 'UTILITY BILL',
    withdraw: 3000.25,
  }),
  refunded: () => ({
    employee: 'emp',
    date: '2026-03-01',
    name: 'Sana Iqbal',
    passport: 'PK445566',
    reference: 'MCB-12',
    paid_fee_date: '2026-03-02',
    total_balance: 45000.5,
    withdraw: 1200,
  }),
  protectors: () => ({
    employee: 'emp',
    name: 'Ali Khan',
    passport: 'P1',
    reference: 'R',
    file_no: 'F',
    withdraw: 0,
    mcb_fee_6000_date: '2026-01-01',
    ncb_fee_6700_date: '2026-01-01',
    ncb_fee_500_date: '2026-01-01',
    protector_date: '2026-01-01',
    additional_charges: 0,
  }),
  agent_entries: () => ({
    agent_name: 'Agent A',
    employee: 'emp',
    date: '2026-02-01',
    detail: 'api row',
    credit: 500,
    debit: 0,
    paid_cash: 0,
    paid_bank: 0,
  }),
  vender_entries: () => ({
    vender_name: 'Vendor V',
    date: '2026-02-01',
    detail: 'api row',
    bank_title: 'UBL Account 1',
    credit: 1000,
    debit: 0,
    withdraw: 0,
  }),
  account_entries: () => ({
    bank_name: 'MCB FIT',
    employee_name: 'admin',
    date: '2026-03-01',
    detail: 'api row',
    credit: 0,
    debit: 250,
  }),
}

/** A valid create body of a record type, with `more` laid over it. */
export const recordInput = <T extends RecordTable>(
  table: T,
  more: Partial<RecordInput<T>> = {},
): RecordInput<T> => ({
  ...BODIES[table](),
  ...more,
})
