import type { z } from 'zod'
import { can } from '../access.ts'
import { formatDate } from '../dates.ts'
import { type Expense, ExpenseInput } from './expense.ts'
import { type Gamca, GamcaInput, gamcaBankTitle } from './gamca.ts'
import {
  type AccountEntry,
  AccountInput,
  type AgentEntry,
  AgentInput,
  type VendorEntry,
  VendorInput,
} from './ledgers.ts'
import { type Navtcc, NavtccInput } from './navtcc.ts'
import { type Protector, ProtectorInput } from './protector.ts'
import { bankTitle, type RefundCustomer, RefundCustomerInput } from './refund-customer.ts'
import { type Refunded, RefundedInput } from './refunded.ts'
import { type Service, ServiceInput } from './services.ts'
import { type Ticket, TicketInput, ticketEntry } from './ticket.ts'
import { type UmrahBooking, UmrahInput } from './umrah.ts'
import { type Visa, VisaInput } from './visa.ts'

// The record types' own modules (their inputs and rules), exported with the specs that list them.
export * from './expense.ts'
export * from './gamca.ts'
export * from './ledgers.ts'
export * from './navtcc.ts'
export * from './protector.ts'
export * from './refund-customer.ts'
export * from './refunded.ts'
export * from './services.ts'
export * from './ticket.ts'
export * from './umrah.ts'
export * from './vendor-payable.ts'
export * from './visa.ts'

/** The non-empty texts among `parts`, joined by a middle dot (a file line's detail). */
const joined = (...parts: unknown[]): string =>
  parts.filter((p): p is string => typeof p === 'string' && p !== '').join(' · ')

/** Who may do something: any approved user, or admins only. */
export type Access = 'employee' | 'admin'
export const RECORD_ACTIONS = ['view', 'create', 'update', 'delete'] as const
export type RecordAction = (typeof RECORD_ACTIONS)[number]
export type RecordAccess = Record<RecordAction, Access>

/** Lists and reads for everyone, changes by admins (employees ask for corrections instead). */
const EVERYONE_ADDS: RecordAccess = { view: 'employee', create: 'employee', update: 'admin', delete: 'admin' }
const ADMIN_ONLY: RecordAccess = { view: 'admin', create: 'admin', update: 'admin', delete: 'admin' }

/** True when a user of `role` may do `action` on a record type with this access. */
export const mayDo = (access: RecordAccess, action: RecordAction, role: string | null | undefined): boolean =>
  can({ role: role ?? '' }, action, { access })

/** The one refusal every admin-only route answers with (403). */
export const ADMIN_ONLY_MESSAGE = 'Only admins can do this'

type Key<Row> = Extract<keyof Row, string>
/** A record of any type (what code working on every record type sees). */
type AnyRow = { id: number; [column: string]: unknown }

/**
 * Everything that names one record type, written once: the server's routes, lifecycle, list
 * filters and access guard, the web's list, nav and buttons, the docs and the tests read it.
 * `Row` is the record as the API answers it; `Column` a column of its table (the same names,
 * except Umrah whose answer is camelCase). Names are typed, so a typo does not compile.
 */
export interface RecordSpec<Row extends { id: number } = AnyRow, Column extends string = Key<Row>> {
  /** Path after /api, e.g. '/protector'. */
  path: `/${string}`
  table: RecordTable
  /** The spec's list wrapper key, e.g. 'protectors'. */
  listKey: string
  /** Key of the saved record in create/update/get answers. */
  itemKey: string
  /** Lower-case noun used in messages: 'protector' -> "Protector not found". */
  label: string
  /** Screen name (sidebar, history filter): 'Refunded MCB'. */
  name: string
  /**
   * Agents' users may ask for this type from the portal (issue 35 item 4, decision 114): the
   * request's kind is the form type, `ur` the type's name on the desk in Urdu, `desk` the key its
   * bookings are listed under in `GET /api/portal/bookings` (decision 134).
   */
  request?: { ur: string; desk: string }
  /** Name of the record's line on the dashboard (the journal's source type), when it has one. */
  dashboardLabel?: string
  /** The entry counter it numbers on (spec part 1 §3, part 2 §3); `FORM_TYPES` is read from the specs. */
  formType: Lowercase<string>
  /** The request body's schema (create and update). */
  input: z.ZodType
  /** Column used by from/to and the date search. */
  dateColumn: Column
  /** Text columns the search box matches (and the search index of the table holds). */
  search: readonly Column[]
  /** Answer keys a list may be sorted by (`?sort=key` or `-key`); anything else is a 400. */
  sortable: readonly Key<Row>[]
  /** The table column behind an answer key when the names differ (Umrah). */
  columnOf?: Partial<Record<Key<Row>, Column>>
  /** Column holding the employee's name, set from the signed-in user on create. */
  employeeColumn?: Column
  /** Columns held as integer paisa (rupees in the answer). */
  money: readonly Column[]
  /**
   * Every column of the table, exactly (the drift test compares the database with it on both
   * databases, and the server checks it against its table type at compile time).
   */
  columns: readonly (Column | StoredColumn)[]
  /**
   * The columns that may hold NULL, exactly (the server checks it against its table type at compile
   * time): lists sort NULLS FIRST/LAST on these only, so both databases agree.
   */
  nullable: readonly (Column | StoredColumn)[]
  access: RecordAccess
  /** Entry text from the counters; default "current/global". */
  entryText?: (current: number, global: number) => string
  /** The web app's screen of the type (its nav segment, e.g. 'gamcaToken'): links from files and alerts. */
  segment: string
  /**
   * The form's wizard steps as the spec names them, each with the input keys it holds: Next checks
   * those, and a failed save opens the step of its first error.
   */
  formSteps?: readonly FormStep[]
  /** Where the type's line sits in the dashboard's per-type lists (with `dashboardLabel`); lower first. */
  dashboardOrder?: number
  /** The column holding the customer's text, for types linked to a customer (decision 027). */
  customerColumn?: Column
  /** The type in a passenger's file and on a customer's page (decision 028), when it carries passports. */
  passengers?: PassengerFileSpec<Column>
  /** Later payments (POST /api/payments, source_type = path without '/'): the record's name in messages. */
  payment?: { label: string }
  /** The type's receipt (screen and PDF): its kind line, its particulars and the day it is dated. */
  receipt?: ReceiptSpec<Column>
  /** The type's count card on the dashboard: its key in GET /dashboard's answer and its label. */
  card?: { key: string; label: string }
  /** The dashboard's line when the type's source fails to load (by `dashboardLabel`). */
  loadError?: string
  /** A credit limit may refuse a sale of the type, which is then sent for approval (decision 098). */
  sentForApproval?: true
  /**
   * The stored `profit` column's formula (shared calc.ts), which the books check proves: `from`
   * less each of `less`; with `whenLessPositive`, no profit (null) unless the first of `less` is > 0.
   */
  profit?: { from: Column; less: readonly Column[]; whenLessPositive?: true }
  /** Columns naming an office account (a bank's name, or a title `bankTitle` makes of it): a rename rewrites them. */
  bankColumns?: readonly Column[]
  /** How the type's bank select titles an office account when not by its name (spec part 1 §5). */
  bankTitle?: (bankName: string) => string
}

/** A step of a record's form wizard: its title and the request body keys its fields fill. */
export interface FormStep {
  title: string
  fields: readonly string[]
}

/** How a record type shows in a passenger's file and a customer's page. */
export interface PassengerFileSpec<Column extends string = string> {
  /** The type as the file names it ('Visa', 'GAMCA'). */
  typeLabel: string
  /** Place in the file, in the order a case usually moves through the types. */
  order: number
  /**
   * The passports it carries, indexed for the passenger file: 'detail', a JSON passport_detail column
   * (one object or a list); 'plain', `passport` with `name` beside it. None when absent (Services: on
   * the customer page only).
   */
  passports?: 'detail' | 'plain'
  /** The column dating the traveller's journey (tickets, Umrah): the case has travelled once it is past. */
  travelColumn?: Column
  /** The stage of a case a record of the type reaches on its day (a passenger file's `stages`). */
  marks?: 'medical' | 'protector'
  /** The record's own date on the timeline; the day it was entered when absent. */
  dateColumn?: Column
  /** The record's detail line (stored columns, money in rupees). */
  detail: (row: Partial<Record<Column, unknown>>) => string
  /**
   * The columns of the file's receivable, paid and remaining (a missing one is 0, a missing paid is
   * paid at booking and later). Default: receivable_amount, paid at booking and later, remaining_amount.
   */
  figures?: { receivable?: Column; paid?: Column; remaining?: Column }
}

/** A receipt's kind line and particulars: [label, column] pairs; 'travel' is the depart – return dates. */
export interface ReceiptSpec<Column extends string = string> {
  kind: string
  particulars: readonly (readonly [string, Column | 'travel'])[]
  /** The kind line on an Urdu paper (decision 044). */
  kindUrdu?: string
  /** The day the receipt is dated when not the day it was saved. */
  dateColumn?: Column
}

/** Carries a spec's answer row type (never set at run time), for `RecordRow<T>`. */
interface Rowed<Row> {
  readonly __row?: Row
}

/** Keeps each spec's own Row and Column types while checking it against RecordSpec. */
const spec =
  <Row extends { id: number }, Column extends string = Key<Row>>() =>
  <S extends RecordSpec<Row, Column>>(s: S): S & Rowed<Row> =>
    s

/**
 * Columns every record table stores but an answer type may not name: the key, the creation time,
 * the signed-in author (0008), the customer (0013), and the record a ledger posting follows.
 */
export type StoredColumn = 'id' | 'created_at' | 'created_by' | 'customer_id' | 'source_type' | 'source_id'
const BASE = ['id', 'created_at', 'created_by'] as const
const LINKED = ['source_type', 'source_id'] as const

/**
 * A travel booking's trip, passengers and payment columns, in the order both travel tables (tickets
 * and Umrah) store them.
 */
const TRAVEL_BOOKING_COLUMNS = [
  'depart_date',
  'return_date',
  'sector',
  'airline',
  'adults',
  'children',
  'infants',
  'passport_detail',
  'receivable_amount',
  'paid_cash',
  'bank_title',
  'paid_in_bank',
  'payable_to_vendor',
  'vendor_name',
  'profit',
  'remaining_amount',
  'payments_total',
] as const

/** Umrah's table columns, exactly (its answer renames some to camelCase). */
const UMRAH_COLUMNS = [
  ...BASE,
  'customer_id',
  'entry',
  'user_name',
  'customer_add',
  'reference',
  'package_detail',
  ...TRAVEL_BOOKING_COLUMNS,
  'currency',
  'vendor_currency',
  'rates',
] as const
export type UmrahColumn = (typeof UMRAH_COLUMNS)[number]

const BOOKING_MONEY = [
  'receivable_amount',
  'paid_cash',
  'paid_in_bank',
  'payable_to_vendor',
  'profit',
  'remaining_amount',
  'payments_total',
] as const

/** A sale's optional buying side (decision 140): its columns, in the Payment Details step too. */
const VENDOR_PAYABLE = ['payable_to_vendor', 'vendor_name', 'vendor_currency', 'rates', 'currency'] as const

/** What a sale was paid, its profit and what remains, in the order the sales tables store them. */
const SALE_PAID = ['paid_cash', 'paid_in_bank', 'profit', 'remaining_amount', 'payments_total'] as const
/** A sale's money after its price: what was paid, its profit, what remains and the vendor's part. */
const SALE_MONEY_PAID = [...SALE_PAID, 'payable_to_vendor'] as const
/** The money of a sale priced in one figure (Gamca, Services; Visa adds its charges after the price). */
const SALE_MONEY = ['receivable_amount', ...SALE_MONEY_PAID] as const
/** A sale's payment columns after its price (Visa, Services): paid, profit, remaining, bank and vendor. */
const SALE_PAYMENT_COLUMNS = [...SALE_PAID, 'bank_title', ...VENDOR_PAYABLE] as const

export const RECORD_SPECS = {
  tickets: spec<Ticket>()({
    path: '/ticket',
    table: 'tickets',
    listKey: 'ticket',
    itemKey: 'ticket',
    label: 'ticket',
    name: 'Ticket',
    request: { ur: 'ٹکٹ', desk: 'tickets' },
    dashboardLabel: 'Ticket',
    formType: 'ticket',
    profit: { from: 'receivable_amount', less: ['payable_to_vendor'], whenLessPositive: true },
    card: { key: 'ticket' as const, label: 'Ticket' },
    loadError: 'Failed to load Tickets data',
    sentForApproval: true,
    bankColumns: ['bank_title'],
    input: TicketInput,
    dateColumn: 'depart_date',
    search: [
      'entry',
      'employee_name',
      'customer_add',
      'reference',
      'sector',
      'airline',
      'agent_name',
      'vendor_name',
      'bank_title',
      'passport_detail',
      'ticket_numbers',
    ],
    sortable: [
      'entry',
      'employee_name',
      'customer_add',
      'reference',
      'depart_date',
      'return_date',
      'sector',
      'airline',
      'receivable_amount',
      'agent_name',
      'paid_cash',
      'bank_title',
      'paid_in_bank',
      'payable_to_vendor',
      'vendor_name',
      'profit',
      'remaining_amount',
      'created_at',
    ],
    employeeColumn: 'employee_name',
    money: BOOKING_MONEY,
    columns: [
      ...BASE,
      'customer_id',
      'employee_name',
      'agent_name',
      'customer_add',
      'reference',
      'entry',
      ...TRAVEL_BOOKING_COLUMNS,
      'ticket_numbers',
      'ticket_text',
      'voided_at',
      'voided_by',
      'void_reason',
      'vendor_currency',
      'rates',
      'currency',
    ],
    segment: 'tickets',
    formSteps: [
      {
        title: 'Ticket Info',
        fields: [
          'employee_name',
          'customer_add',
          'reference',
          'depart_date',
          'return_date',
          'sector',
          'airline',
          'ticket_numbers',
        ],
      },
      { title: 'Passport Details', fields: ['adults', 'children', 'infants', 'passport_detail'] },
      {
        title: 'Payment Details',
        fields: [
          'receivable_amount',
          'agent_name',
          'currency',
          'paid_cash',
          'bank_title',
          'paid_in_bank',
          'payable_to_vendor',
          'vendor_name',
          'vendor_currency',
          'rates',
        ],
      },
    ],
    dashboardOrder: 1,
    customerColumn: 'customer_add',
    passengers: {
      typeLabel: 'Ticket',
      order: 5,
      passports: 'detail',
      travelColumn: 'depart_date',
      dateColumn: 'depart_date',
      detail: (r) => joined(r.sector, r.airline),
    },
    payment: { label: 'Ticket' },
    receipt: {
      kind: 'Ticket',
      kindUrdu: 'ٹکٹ',
      particulars: [
        ['Customer', 'customer_add'],
        ['Agent', 'agent_name'],
        ['Sector', 'sector'],
        ['Airline', 'airline'],
        ['Travel', 'travel'],
        ['Reference', 'reference'],
      ],
    },
    nullable: [
      'customer_id',
      'reference',
      'depart_date',
      'return_date',
      'profit',
      'created_by',
      'ticket_numbers',
      'ticket_text',
    ],
    access: EVERYONE_ADDS,
    entryText: ticketEntry,
  }),
  umrah: spec<UmrahBooking, UmrahColumn>()({
    path: '/umrah',
    table: 'umrah',
    listKey: 'umrahBookings',
    itemKey: 'umrahBooking',
    label: 'umrah booking',
    name: 'Umrah',
    request: { ur: 'عمرہ', desk: 'umrah' },
    dashboardLabel: 'Umrah',
    formType: 'umrah',
    profit: { from: 'receivable_amount', less: ['payable_to_vendor'], whenLessPositive: true },
    card: { key: 'umrah' as const, label: 'Umrah' },
    loadError: 'Failed to load Umrah data',
    sentForApproval: true,
    bankColumns: ['bank_title'],
    input: UmrahInput,
    dateColumn: 'depart_date',
    search: [
      'entry',
      'user_name',
      'customer_add',
      'reference',
      'package_detail',
      'sector',
      'airline',
      'vendor_name',
      'bank_title',
      'passport_detail',
    ],
    sortable: [
      'entry',
      'userName',
      'customerAdd',
      'reference',
      'packageDetail',
      'depart_date',
      'return_date',
      'sector',
      'airline',
      'receivableAmount',
      'paidCash',
      'bank_title',
      'paidInBank',
      'payableToVendor',
      'vendorName',
      'profit',
      'remainingAmount',
      'createdAt',
    ],
    columnOf: {
      userName: 'user_name',
      customerAdd: 'customer_add',
      packageDetail: 'package_detail',
      passportDetail: 'passport_detail',
      receivableAmount: 'receivable_amount',
      paidCash: 'paid_cash',
      paidInBank: 'paid_in_bank',
      payableToVendor: 'payable_to_vendor',
      vendorName: 'vendor_name',
      remainingAmount: 'remaining_amount',
      createdAt: 'created_at',
    },
    employeeColumn: 'user_name',
    money: BOOKING_MONEY,
    columns: UMRAH_COLUMNS,
    segment: 'umrah',
    formSteps: [
      {
        title: 'Basic Info',
        fields: [
          'userName',
          'customerAdd',
          'reference',
          'packageDetail',
          'depart_date',
          'return_date',
          'sector',
          'airline',
          'adults',
          'children',
          'infants',
        ],
      },
      { title: 'Passport Details', fields: ['passportDetail'] },
      {
        title: 'Payment Details',
        fields: [
          'receivableAmount',
          'currency',
          'paidCash',
          'bank_title',
          'paidInBank',
          'payableToVendor',
          'vendorName',
          'vendor_currency',
          'rates',
        ],
      },
    ],
    dashboardOrder: 2,
    customerColumn: 'customer_add',
    passengers: {
      typeLabel: 'Umrah',
      order: 6,
      passports: 'detail',
      travelColumn: 'depart_date',
      dateColumn: 'depart_date',
      detail: (r) => joined(r.package_detail, r.sector),
    },
    payment: { label: 'Umrah booking' },
    receipt: {
      kind: 'Umrah',
      kindUrdu: 'عمرہ',
      particulars: [
        ['Customer', 'customer_add'],
        ['Package', 'package_detail'],
        ['Sector', 'sector'],
        ['Airline', 'airline'],
        ['Travel', 'travel'],
        ['Reference', 'reference'],
      ],
    },
    nullable: ['customer_id', 'depart_date', 'return_date', 'profit', 'created_by'],
    access: EVERYONE_ADDS,
  }),
  visa_processing: spec<Visa>()({
    path: '/visa-processing',
    table: 'visa_processing',
    listKey: 'visa_processing',
    itemKey: 'visa_processing',
    label: 'visa processing',
    name: 'Visa',
    request: { ur: 'ویزا', desk: 'visas' },
    dashboardLabel: 'Visa Processing',
    formType: 'visa',
    profit: {
      from: 'receivable_amount',
      less: ['additional_charges', 'pay_for_protector', 'payable_to_vendor'],
    },
    card: { key: 'visa' as const, label: 'Visa' },
    loadError: 'Failed to load Visa data',
    sentForApproval: true,
    bankColumns: ['bank_title'],
    input: VisaInput,
    dateColumn: 'created_at',
    search: [
      'entry',
      'employee_name',
      'file_number',
      'reference',
      'sponsor_name',
      'visa_number',
      'id_number',
      'embassy',
      'e_number',
      'customer_add',
      'passport_detail',
      'embassy_send_date',
      'embassy_return_date',
      'protector_date',
      'expiry_medical_date',
      'passport_deliver_date',
    ],
    sortable: [
      'entry',
      'employee_name',
      'customer_add',
      'file_number',
      'reference',
      'sponsor_name',
      'visa_number',
      'embassy',
      'embassy_send_date',
      'embassy_return_date',
      'protector_date',
      'passport_deliver_date',
      'receivable_amount',
      'paid_cash',
      'paid_in_bank',
      'profit',
      'remaining_amount',
      'id_number',
      'e_number',
      'ptn_permission',
      'expiry_medical_date',
      'visa_expiry_date',
      'created_at',
    ],
    employeeColumn: 'employee_name',
    money: ['receivable_amount', 'additional_charges', 'pay_for_protector', ...SALE_MONEY_PAID],
    columns: [
      ...BASE,
      'customer_id',
      'employee_name',
      'file_number',
      'entry',
      'reference',
      'sponsor_name',
      'visa_number',
      'id_number',
      'embassy',
      'passport_detail',
      'e_number',
      'customer_add',
      'ptn_permission',
      'embassy_send_date',
      'embassy_return_date',
      'protector_date',
      'expiry_medical_date',
      'visa_expiry_date',
      'passport_deliver_date',
      'receivable_amount',
      'additional_charges',
      'pay_for_protector',
      ...SALE_PAYMENT_COLUMNS,
    ],
    segment: 'visa',
    formSteps: [
      {
        title: 'Basic Info',
        fields: [
          'employee_name',
          'file_number',
          'reference',
          'sponsor_name',
          'visa_number',
          'id_number',
          'embassy',
          'e_number',
          'customer_add',
          'ptn_permission',
        ],
      },
      { title: 'Passport Details', fields: ['passport_detail'] },
      {
        title: 'Dates',
        fields: [
          'embassy_send_date',
          'embassy_return_date',
          'protector_date',
          'expiry_medical_date',
          'visa_expiry_date',
          'passport_deliver_date',
        ],
      },
      {
        title: 'Payment Details',
        fields: [
          'receivable_amount',
          'additional_charges',
          'pay_for_protector',
          'paid_cash',
          'paid_in_bank',
          'bank_title',
          ...VENDOR_PAYABLE,
        ],
      },
    ],
    dashboardOrder: 3,
    customerColumn: 'customer_add',
    passengers: {
      typeLabel: 'Visa',
      order: 3,
      passports: 'detail',
      dateColumn: 'embassy_send_date',
      detail: (r) =>
        joined(
          r.visa_number && `Visa ${r.visa_number}`,
          r.embassy,
          r.expiry_medical_date && `medical to ${formatDate(r.expiry_medical_date)}`,
        ),
    },
    payment: { label: 'Visa processing' },
    receipt: {
      kind: 'Visa Processing',
      kindUrdu: 'ویزا پراسیسنگ',
      particulars: [
        ['Customer', 'customer_add'],
        ['File number', 'file_number'],
        ['Embassy', 'embassy'],
        ['Visa number', 'visa_number'],
        ['Sponsor', 'sponsor_name'],
        ['Reference', 'reference'],
      ],
    },
    nullable: [
      'embassy_send_date',
      'embassy_return_date',
      'protector_date',
      'expiry_medical_date',
      'visa_expiry_date',
      'passport_deliver_date',
      'created_by',
      'customer_id',
    ],
    access: EVERYONE_ADDS,
  }),
  gamca_tokens: spec<Gamca>()({
    path: '/gamca-token',
    table: 'gamca_tokens',
    listKey: 'gamcaTokens',
    itemKey: 'gamcaToken',
    label: 'GAMCA token',
    name: 'Gamca Token',
    dashboardLabel: 'GAMCA Token',
    formType: 'gamca',
    card: { key: 'gamcaToken' as const, label: 'GAMCA Token' },
    loadError: 'Failed to load Gamca Token data',
    sentForApproval: true,
    bankColumns: ['paid_from_bank'],
    bankTitle: gamcaBankTitle,
    input: GamcaInput,
    dateColumn: 'created_at',
    search: [
      'entry',
      'employee_name',
      'customer_add',
      'reference',
      'country',
      'passport_detail',
      'paid_from_bank',
    ],
    sortable: [
      'entry',
      'employee_name',
      'customer_add',
      'reference',
      'country',
      'receivable_amount',
      'paid_cash',
      'paid_from_bank',
      'paid_in_bank',
      'profit',
      'remaining_amount',
      'created_at',
    ],
    employeeColumn: 'employee_name',
    money: SALE_MONEY,
    columns: [
      ...BASE,
      'customer_id',
      'employee_name',
      'customer_add',
      'entry',
      'reference',
      'country',
      'passport_detail',
      'receivable_amount',
      'paid_cash',
      'paid_from_bank',
      'paid_in_bank',
      'profit',
      'remaining_amount',
      'payments_total',
      ...VENDOR_PAYABLE,
    ],
    segment: 'gamcaToken',
    formSteps: [
      { title: 'Basic Info', fields: ['employee_name', 'customer_add', 'reference', 'country'] },
      { title: 'Passport Details', fields: ['passport_detail'] },
      {
        title: 'Payment Details',
        fields: [
          'receivable_amount',
          'paid_cash',
          'paid_from_bank',
          'paid_in_bank',
          ...VENDOR_PAYABLE,
          'profit',
        ],
      },
    ],
    dashboardOrder: 4,
    customerColumn: 'customer_add',
    passengers: {
      typeLabel: 'GAMCA',
      order: 1,
      passports: 'detail',
      marks: 'medical',
      detail: (r) => joined(r.country),
    },
    payment: { label: 'GAMCA token' },
    receipt: {
      kind: 'GAMCA Token',
      kindUrdu: 'گیمکا ٹوکن',
      particulars: [
        ['Customer', 'customer_add'],
        ['Country', 'country'],
        ['Reference', 'reference'],
      ],
    },
    nullable: ['customer_id', 'created_by'],
    access: EVERYONE_ADDS,
  }),
  navtcc: spec<Navtcc>()({
    path: '/navtcc',
    table: 'navtcc',
    listKey: 'navtcc',
    itemKey: 'navtcc',
    label: 'navtcc',
    name: 'Navtcc',
    dashboardLabel: 'NAVTCC',
    formType: 'navtcc',
    profit: { from: 'receivable_amount', less: ['payed_to_bank'] },
    sentForApproval: true,
    bankColumns: ['bank_title', 'paid_from_bank'],
    bankTitle,
    input: NavtccInput,
    dateColumn: 'created_at',
    search: [
      'entry',
      'employee_name',
      'customer_add',
      'reference',
      'profession_key',
      'passport_detail',
      'paid_from_bank',
      'vendor_name',
    ],
    sortable: [
      'entry',
      'employee_name',
      'customer_add',
      'reference',
      'profession_key',
      'receivable_amount',
      'paid_cash',
      'paid_from_bank',
      'paid_in_bank',
      'payed_to_bank',
      'vendor_name',
      'profit',
      'remaining_amount',
      'created_at',
    ],
    employeeColumn: 'employee_name',
    money: [
      'receivable_amount',
      'paid_cash',
      'paid_in_bank',
      'payed_to_bank',
      'profit',
      'remaining_amount',
      'payments_total',
    ],
    columns: [
      ...BASE,
      'customer_id',
      'employee_name',
      'entry',
      'customer_add',
      'reference',
      'profession_key',
      'passport_detail',
      'receivable_amount',
      'paid_cash',
      'paid_from_bank',
      'paid_in_bank',
      'payed_to_bank',
      'profit',
      'remaining_amount',
      'vendor_name',
      'payments_total',
      'bank_title',
      'vendor_currency',
      'rates',
      'currency',
    ],
    segment: 'navtcc',
    formSteps: [
      { title: 'Navtcc Info', fields: ['employee_name', 'customer_add', 'reference', 'profession_key'] },
      {
        title: 'Passport Details',
        fields: [
          'passport_detail.title',
          'passport_detail.firstName',
          'passport_detail.lastName',
          'passport_detail.dob',
          'passport_detail.nationality',
          'passport_detail.documentType',
          'passport_detail.documentNo',
          'passport_detail.documentExpiry',
          'passport_detail.issueCountry',
        ],
      },
      {
        title: 'Payment Details',
        fields: [
          'receivable_amount',
          'paid_cash',
          'paid_in_bank',
          'bank_title',
          'payed_to_bank',
          'vendor_name',
          'vendor_currency',
          'rates',
          'currency',
        ],
      },
    ],
    dashboardOrder: 6,
    customerColumn: 'customer_add',
    passengers: {
      typeLabel: 'NAVTCC',
      order: 4,
      passports: 'detail',
      detail: (r) => joined(r.profession_key),
    },
    payment: { label: 'NAVTCC' },
    receipt: {
      kind: 'NAVTCC',
      particulars: [
        ['Customer', 'customer_add'],
        ['Profession', 'profession_key'],
        ['Reference', 'reference'],
      ],
    },
    nullable: ['customer_id', 'created_by'],
    access: EVERYONE_ADDS,
  }),
  services: spec<Service>()({
    path: '/services',
    table: 'services',
    listKey: 'services',
    itemKey: 'service',
    label: 'service',
    name: 'Services',
    dashboardLabel: 'Services',
    formType: 'services',
    card: { key: 'service' as const, label: 'Service' },
    loadError: 'Failed to load Services data',
    sentForApproval: true,
    bankColumns: ['bank_title'],
    input: ServiceInput,
    dateColumn: 'booking_date',
    search: ['entry', 'user_name', 'customer_add', 'booking_date', 'specific_detail', 'visa_type'],
    sortable: [
      'entry',
      'user_name',
      'customer_add',
      'booking_date',
      'specific_detail',
      'visa_type',
      'receivable_amount',
      'paid_cash',
      'paid_in_bank',
      'profit',
      'remaining_amount',
      'created_at',
    ],
    employeeColumn: 'user_name',
    money: SALE_MONEY,
    columns: [
      ...BASE,
      'customer_id',
      'user_name',
      'entry',
      'customer_add',
      'booking_date',
      'specific_detail',
      'visa_type',
      'receivable_amount',
      ...SALE_PAYMENT_COLUMNS,
    ],
    segment: 'services',
    formSteps: [
      { title: 'Basic Info', fields: ['user_name', 'customer_add', 'booking_date'] },
      { title: 'Service Details', fields: ['specific_detail', 'visa_type'] },
      {
        title: 'Payment Details',
        fields: [
          'receivable_amount',
          'paid_cash',
          'paid_in_bank',
          'bank_title',
          ...VENDOR_PAYABLE,
          'profit',
          'remaining_amount',
        ],
      },
    ],
    dashboardOrder: 5,
    customerColumn: 'customer_add',
    passengers: {
      typeLabel: 'Service',
      order: 9,
      dateColumn: 'booking_date',
      detail: (r) => joined(r.visa_type, r.specific_detail),
    },
    payment: { label: 'Service' },
    receipt: {
      kind: 'Service',
      kindUrdu: 'سروس',
      dateColumn: 'booking_date',
      particulars: [
        ['Customer', 'customer_add'],
        ['Service', 'visa_type'],
        ['Detail', 'specific_detail'],
      ],
    },
    nullable: ['customer_id', 'created_by'],
    access: EVERYONE_ADDS,
  }),
  protectors: spec<Protector>()({
    path: '/protector',
    table: 'protectors',
    listKey: 'protectors',
    itemKey: 'protector',
    label: 'protector',
    name: 'Protector',
    dashboardLabel: 'Protector',
    formType: 'protector',
    loadError: 'Failed to load Protector data',
    input: ProtectorInput,
    dateColumn: 'protector_date',
    search: ['entry', 'employee', 'name', 'passport', 'reference', 'file_no', 'protector_date'],
    sortable: [
      'entry',
      'employee',
      'name',
      'passport',
      'reference',
      'file_no',
      'mcb_fee_6000_date',
      'ncb_fee_6700_date',
      'ncb_fee_500_date',
      'protector_date',
      'additional_charges',
      'withdraw',
      'created_at',
    ],
    employeeColumn: 'employee',
    money: ['withdraw', 'additional_charges'],
    columns: [
      ...BASE,
      'entry',
      'employee',
      'name',
      'passport',
      'reference',
      'file_no',
      'withdraw',
      'mcb_fee_6000_date',
      'ncb_fee_6700_date',
      'ncb_fee_500_date',
      'protector_date',
      'additional_charges',
    ],
    segment: 'protector',
    dashboardOrder: 7,
    passengers: {
      typeLabel: 'Protector',
      order: 2,
      marks: 'protector',
      passports: 'plain',
      dateColumn: 'protector_date',
      detail: (r) =>
        joined(
          r.file_no && `File ${r.file_no}`,
          r.protector_date && `protector ${formatDate(r.protector_date)}`,
        ),
      figures: { paid: 'withdraw' },
    },
    nullable: ['created_by'],
    access: EVERYONE_ADDS,
  }),
  expenses: spec<Expense>()({
    path: '/expenses',
    table: 'expenses',
    listKey: 'expenses',
    itemKey: 'expense',
    label: 'expense',
    name: 'Expense',
    dashboardLabel: 'Expense',
    formType: 'expense',
    loadError: 'Failed to load Expenses data',
    input: ExpenseInput,
    dateColumn: 'date',
    search: ['entry', 'user_name', 'date', 'detail', 'selection'],
    sortable: ['entry', 'user_name', 'date', 'detail', 'selection', 'total_amount', 'withdraw', 'created_at'],
    employeeColumn: 'user_name',
    money: ['total_amount', 'withdraw'],
    columns: [...BASE, 'user_name', 'entry', 'date', 'detail', 'total_amount', 'selection', 'withdraw'],
    segment: 'expense',
    dashboardOrder: 8,
    nullable: ['created_by'],
    access: EVERYONE_ADDS,
  }),
  refunded: spec<Refunded>()({
    path: '/refunded',
    table: 'refunded',
    listKey: 'refunded',
    itemKey: 'refunded',
    label: 'refunded entry',
    name: 'Refunded MCB',
    dashboardLabel: 'Refunded',
    formType: 'refunded',
    loadError: 'Failed to load Refunded data',
    input: RefundedInput,
    dateColumn: 'date',
    search: [
      'entry',
      'employee',
      'date',
      'name',
      'passport',
      'reference',
      'paid_fee_date',
      'paid_refund_date',
    ],
    sortable: [
      'entry',
      'employee',
      'date',
      'name',
      'passport',
      'reference',
      'paid_fee_date',
      'paid_refund_date',
      'total_balance',
      'withdraw',
      'created_at',
    ],
    employeeColumn: 'employee',
    money: ['total_balance', 'withdraw'],
    columns: [
      ...BASE,
      'employee',
      'entry',
      'date',
      'name',
      'passport',
      'reference',
      'paid_fee_date',
      'paid_refund_date',
      'total_balance',
      'withdraw',
    ],
    segment: 'refunded',
    dashboardOrder: 9,
    passengers: {
      typeLabel: 'Refunded',
      order: 7,
      passports: 'plain',
      dateColumn: 'date',
      detail: (r) => joined(r.reference),
      figures: { receivable: 'total_balance', paid: 'withdraw' },
    },
    nullable: ['paid_fee_date', 'paid_refund_date', 'created_by'],
    access: EVERYONE_ADDS,
  }),
  refund_customers: spec<RefundCustomer>()({
    path: '/refund-customer',
    table: 'refund_customers',
    listKey: 'refundCustomers',
    itemKey: 'refundCustomer',
    label: 'refund customer',
    name: 'Refund Customer',
    dashboardLabel: 'Refund Customer',
    formType: 'refund',
    bankColumns: ['bank_title'],
    input: RefundCustomerInput,
    dateColumn: 'date',
    search: [
      'entry',
      'employee',
      'name',
      'passport',
      'reference',
      'detail_sector',
      'vender_name',
      'bank_title',
      'date',
    ],
    sortable: [
      'entry',
      'employee',
      'name',
      'date',
      'passport',
      'reference',
      'detail_sector',
      'total_amount',
      'vender_name',
      'return_from_vendor',
      'office_service_charges',
      'remaining_amount',
      'paid_cash',
      'paid_in_bank',
      'bank_title',
      'balance',
      'created_at',
    ],
    employeeColumn: 'employee',
    money: [
      'total_amount',
      'return_from_vendor',
      'office_service_charges',
      'remaining_amount',
      'paid_cash',
      'paid_in_bank',
      'balance',
    ],
    columns: [
      ...BASE,
      'customer_id',
      'employee',
      'entry',
      'name',
      'date',
      'passport',
      'reference',
      'detail_sector',
      'total_amount',
      'vender_name',
      'return_from_vendor',
      'office_service_charges',
      'remaining_amount',
      'paid_cash',
      'paid_in_bank',
      'bank_title',
      'balance',
    ],
    segment: 'refundCustomer',
    formSteps: [
      {
        title: 'Customer Info',
        fields: ['employee', 'name', 'date', 'passport', 'reference', 'detail_sector', 'vender_name'],
      },
      {
        title: 'Payment Details',
        fields: [
          'total_amount',
          'return_from_vendor',
          'office_service_charges',
          'paid_cash',
          'paid_in_bank',
          'bank_title',
        ],
      },
    ],
    dashboardOrder: 10,
    customerColumn: 'name',
    passengers: {
      typeLabel: 'Customer Refund',
      order: 8,
      passports: 'plain',
      dateColumn: 'date',
      detail: (r) => joined(r.detail_sector),
      figures: { receivable: 'total_amount', remaining: 'balance' },
    },
    nullable: ['customer_id', 'created_by'],
    access: EVERYONE_ADDS,
  }),
  agent_entries: spec<AgentEntry>()({
    path: '/agent',
    table: 'agent_entries',
    listKey: 'agents',
    itemKey: 'agent',
    label: 'agent entry',
    name: 'Agent',
    formType: 'agent',
    sentForApproval: true,
    bankColumns: ['bank_title'],
    input: AgentInput,
    dateColumn: 'date',
    search: ['agent_name', 'entry', 'employee', 'detail'],
    sortable: [
      'agent_name',
      'date',
      'employee',
      'entry',
      'detail',
      'credit',
      'debit',
      'receivable_amount',
      'paid_cash',
      'paid_bank',
      'balance',
    ],
    employeeColumn: 'employee',
    money: ['credit', 'debit', 'paid_cash', 'paid_bank', 'receivable_amount', 'balance'],
    columns: [
      ...BASE,
      ...LINKED,
      'agent_name',
      'date',
      'employee',
      'entry',
      'detail',
      'credit',
      'debit',
      'paid_cash',
      'paid_bank',
      'receivable_amount',
      'bank_title',
      'currency',
      'rate',
    ],
    segment: 'agent',
    nullable: ['source_type', 'source_id', 'created_by', 'rate'],
    access: EVERYONE_ADDS,
  }),
  vender_entries: spec<VendorEntry>()({
    path: '/vender',
    table: 'vender_entries',
    listKey: 'vendors',
    itemKey: 'vendor',
    label: 'vendor entry',
    name: 'Vender',
    dashboardLabel: 'Vendor',
    formType: 'vender',
    loadError: 'Failed to load Vender data',
    bankColumns: ['bank_title'],
    input: VendorInput,
    dateColumn: 'date',
    search: ['vender_name', 'entry', 'detail', 'bank_title'],
    sortable: [
      'vender_name',
      'date',
      'entry',
      'bank_title',
      'detail',
      'credit',
      'debit',
      'withdraw',
      'remaining_amount',
    ],
    money: ['credit', 'debit', 'withdraw', 'remaining_amount'],
    columns: [
      ...BASE,
      ...LINKED,
      'vender_name',
      'date',
      'entry',
      'detail',
      'bank_title',
      'credit',
      'debit',
      'withdraw',
      'currency',
      'rate',
    ],
    segment: 'vender',
    dashboardOrder: 11,
    nullable: ['source_type', 'source_id', 'created_by', 'rate'],
    access: ADMIN_ONLY,
  }),
  account_entries: spec<AccountEntry>()({
    path: '/accounts',
    table: 'account_entries',
    listKey: 'accounts',
    itemKey: 'account',
    label: 'account entry',
    name: 'Office Accounts',
    formType: 'account',
    bankColumns: ['bank_name'],
    input: AccountInput,
    dateColumn: 'date',
    search: ['bank_name', 'entry', 'employee_name', 'vendor_name', 'detail'],
    sortable: [
      'bank_name',
      'date',
      'entry',
      'employee_name',
      'vendor_name',
      'detail',
      'credit',
      'debit',
      'balance',
    ],
    employeeColumn: 'employee_name',
    money: ['credit', 'debit', 'balance'],
    columns: [
      ...BASE,
      ...LINKED,
      'bank_name',
      'employee_name',
      'vendor_name',
      'entry',
      'date',
      'detail',
      'credit',
      'debit',
      'currency',
      'rate',
    ],
    segment: 'officeAccount',
    nullable: ['source_type', 'source_id', 'created_by', 'rate'],
    access: ADMIN_ONLY,
  }),
} as const

/** The record tables, one per record type. */
export type RecordTable =
  | 'tickets'
  | 'umrah'
  | 'visa_processing'
  | 'gamca_tokens'
  | 'navtcc'
  | 'services'
  | 'protectors'
  | 'expenses'
  | 'refunded'
  | 'refund_customers'
  | 'agent_entries'
  | 'vender_entries'
  | 'account_entries'

export type RecordSpecs = typeof RECORD_SPECS
/** A record as the API answers it (list rows, `itemKey` of create/update/get), by table. */
export type RecordRow<T extends RecordTable> = NonNullable<RecordSpecs[T]['__row']>
/** Every record table has exactly one spec, keyed by its table. */
const _everyTable: { [T in RecordTable]: { table: T } } = RECORD_SPECS
void _everyTable

/** Every spec, in the sidebar's order. */
export const ALL_RECORD_SPECS: readonly RecordSpec[] = Object.values(RECORD_SPECS)

/** The spec of a record type by its API path ('/ticket'), or undefined. */
export const specByPath = (path: string): RecordSpec | undefined =>
  ALL_RECORD_SPECS.find((s) => s.path === path)

/** The answer key of a table column (Umrah answers some in camelCase). */
export const answerKeyOf = (table: string, column: string): string =>
  Object.entries((RECORD_SPECS as Record<string, RecordSpec>)[table]?.columnOf ?? {}).find(
    ([, c]) => c === column,
  )?.[0] ?? column

/** The table column behind a sortable answer key (Umrah's camelCase keys name snake_case columns). */
export const sortColumnOf = (s: RecordSpec, key: string): string | undefined => {
  if (!(s.sortable as readonly string[]).includes(key)) return undefined
  return (s.columnOf as Record<string, string> | undefined)?.[key] ?? key
}

// The lists below are read from the specs, never written again (decision 075): a new record type
// that carries a capability in its spec appears in each of them.

type Capable<K extends string> = {
  [T in RecordTable]: RecordSpecs[T] extends { [P in K]: unknown } ? T : never
}[RecordTable]

/** Record tables linked to a customer (decision 027). */
export type CustomerTable = Capable<'customerColumn'>
/** The column of each customer-linked table holding the customer's text. */
export const CUSTOMER_COLUMN = Object.fromEntries(
  ALL_RECORD_SPECS.flatMap((s) => (s.customerColumn ? [[s.table, s.customerColumn]] : [])),
) as Record<CustomerTable, string>
export const CUSTOMER_TABLES = Object.keys(CUSTOMER_COLUMN) as CustomerTable[]
export const isCustomerTable = (table: string): table is CustomerTable => table in CUSTOMER_COLUMN

/** Record tables of a passenger's file (they carry passports), in the order a case usually moves through them. */
export type PassengerTable = {
  [T in RecordTable]: RecordSpecs[T] extends { passengers: { passports: string } } ? T : never
}[RecordTable]
export const PASSENGER_TABLES = ALL_RECORD_SPECS.filter((s) => s.passengers?.passports)
  .sort((a, b) => (a.passengers?.order ?? 0) - (b.passengers?.order ?? 0))
  .map((s) => s.table) as PassengerTable[]
/** Record tables keeping one passenger as JSON text and posting as a visa file does (Visa and its medical token). */
export type OnePassengerTable = 'visa_processing' | 'gamca_tokens'
/** Record tables dating a traveller's journey (their passenger file has a travel column). */
export type TravelTable = {
  [T in RecordTable]: RecordSpecs[T] extends { passengers: { travelColumn: string } } ? T : never
}[RecordTable]
/** How a record table shows in a passenger's file, or undefined. */
export const passengerFileOf = (table: string): PassengerFileSpec | undefined =>
  (RECORD_SPECS as Record<string, RecordSpec>)[table]?.passengers

/** Records that take a later payment, named by their list path without the slash. */
export type PaymentSource = {
  [T in Capable<'payment'>]: RecordSpecs[T]['path'] extends `/${infer S}` ? S : never
}[Capable<'payment'>]
export const PAYMENT_SOURCES = ALL_RECORD_SPECS.filter((s) => s.payment).map((s) =>
  s.path.slice(1),
) as unknown as readonly [PaymentSource, ...PaymentSource[]]
/** The table behind each payment source_type. */
export const PAYMENT_TABLES = Object.fromEntries(
  ALL_RECORD_SPECS.filter((s) => s.payment).map((s) => [s.path.slice(1), s.table]),
) as Record<PaymentSource, Capable<'payment'>>
/** Each payment source's record as messages name it ("Ticket not found"). */
export const PAYMENT_LABELS = Object.fromEntries(
  ALL_RECORD_SPECS.flatMap((s) => (s.payment ? [[s.path.slice(1), s.payment.label]] : [])),
) as Record<PaymentSource, string>

/** The specs of the types with a receipt (screen and PDF), in the sidebar's order. */
export const RECEIPT_SPECS = ALL_RECORD_SPECS.filter(
  (s): s is RecordSpec & { receipt: ReceiptSpec } => s.receipt !== undefined,
)

/** The record types on the dashboard, in its order (the spec's bookingsByType names first). */
export const DASHBOARD_SPECS = ALL_RECORD_SPECS.filter((s) => s.dashboardLabel !== undefined).sort(
  (a, b) => (a.dashboardOrder ?? 0) - (b.dashboardOrder ?? 0),
)

/** Each record table with a stored profit, and its formula (the books check proves the stored copy). */
export const PROFIT_FORMULAS = ALL_RECORD_SPECS.flatMap((s) =>
  s.profit ? [{ table: s.table, ...s.profit }] : [],
)

/** The record types with a count card on the dashboard, in its order, each card's key and label. */
export type DashboardCardKey = {
  [T in RecordTable]: RecordSpecs[T] extends { card: { key: infer K extends string } } ? K : never
}[RecordTable]
export const DASHBOARD_CARDS = ALL_RECORD_SPECS.flatMap((s) =>
  s.card ? [{ ...s.card, key: s.card.key as DashboardCardKey, table: s.table }] : [],
)
/** The dashboard's line for each failed source, by its `dashboardLabel`. */
export const LOAD_ERRORS: Record<string, string> = Object.fromEntries(
  DASHBOARD_SPECS.flatMap((s) => (s.loadError ? [[s.dashboardLabel, s.loadError]] : [])),
)

/** Record tables whose sale a credit limit may refuse and send for approval (decision 098). */
export type SaleRequestTable = Capable<'sentForApproval'>
export const SALE_REQUEST_TABLES = ALL_RECORD_SPECS.filter((s) => s.sentForApproval).map(
  (s) => s.table,
) as unknown as readonly [SaleRequestTable, ...SaleRequestTable[]]

/** Every [table, column] naming an office account: a bank rename rewrites them (decision 110). */
export const BANK_COLUMNS: ReadonlyArray<readonly [RecordTable, string]> = ALL_RECORD_SPECS.flatMap((s) =>
  (s.bankColumns ?? []).map((c) => [s.table, c] as const),
)
const asNamed = (bankName: string) => bankName
/** The ways a record names an office account: its name, and each title a bank select makes of it. */
export const BANK_TITLE_FORMS: ReadonlyArray<(bankName: string) => string> = [
  asNamed,
  ...new Set(ALL_RECORD_SPECS.flatMap((s) => (s.bankTitle ? [s.bankTitle] : []))),
]
/** True when `text` names the office account `bankName` (by its name or any select's title of it). */
export const namesBank = (bankName: string, text: string): boolean =>
  BANK_TITLE_FORMS.some((form) => form(bankName) === text)

/** The web screen (nav segment) of each record table, for links from a file or an alert. */
export const RECORD_TYPE_SEGMENT: Record<string, string> = Object.fromEntries(
  ALL_RECORD_SPECS.filter((s) => s.passengers).map((s) => [s.table, s.segment]),
)
/** Record types of a passenger's file and the customer page, as the screens name them. */
export const RECORD_TYPE_LABEL: Record<string, string> = Object.fromEntries(
  ALL_RECORD_SPECS.flatMap((s) => (s.passengers ? [[s.table, s.passengers.typeLabel]] : [])),
)

/** Entry counter form types (spec part 1 §3 and part 2 §3): each record type's, and later payments'. */
export type FormType = RecordSpecs[RecordTable]['formType'] | 'payment'
export const FORM_TYPES = [...ALL_RECORD_SPECS.map((s) => s.formType), 'payment'] as unknown as readonly [
  FormType,
  ...FormType[],
]
