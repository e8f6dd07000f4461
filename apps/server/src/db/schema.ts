import type { RecordSpecs, RecordTable } from '@booking/shared'
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/**
 * Every table, typed once. Money columns hold integer paisa; dates are 'yyyy-mm-dd' text and
 * timestamps ISO text, so both databases sort and compare them the same way.
 */
interface Base {
  id: Generated<number>
  created_at: Generated<string>
}

/** Postings made by another record carry its type and id, so they follow it on edit and delete. */
interface Linked {
  source_type: string | null
  source_id: number | null
}

/**
 * The signed-in user who created the record (migration 0008), beside the spec's employee-name
 * column: a name can be reused, an id cannot. Null for rows older than it whose name matched no user.
 */
interface Authored {
  created_by: ColumnType<number | null, number | null | undefined, number | null>
}

/** The customer a record names, when known (migration 0015): two customers may share a name. */
interface CustomerLinked {
  customer_id: ColumnType<number | null, number | null | undefined, number | null>
}

/** One row per passport number a record carries (migration 0015), kept by the record lifecycle. */
export interface RecordPassportsTable {
  id: Generated<number>
  record_type: string
  record_id: number
  passport: string
  name: string
  document_type: string
  expiry: string | null
  travel_date: string | null
}

export interface UsersTable extends Base {
  username: string
  email: string
  password_hash: string
  role: 'admin' | 'employee'
  is_approved: number
  /** 0: deactivated by an admin (refused at once, sessions ended). */
  active: Generated<number>
}

/** One row per sign-in; the token carries its id (jti), and deleting the row revokes the token. */
export interface SessionsTable {
  id: string
  user_id: number
  created_at: string
  expires_at: string
}

/** Maker-checker: an employee's proposed edit or delete, applied only when an admin approves it. */
export interface CorrectionsTable {
  id: Generated<number>
  table_name: string
  record_id: number
  action: 'update' | 'delete'
  changes_json: string | null
  reason: string
  status: 'pending' | 'approved' | 'rejected'
  requested_by_id: number
  requested_by: string
  requested_at: string
  decided_by: string | null
  decided_at: string | null
  decision_note: string | null
}

/** An agent's own user (0041, issue 35): belongs to the agent's account, by id. */
export interface AgentUsersTable {
  id: Generated<number>
  account_id: number
  email: string
  /** Null until the invite is taken. */
  password_hash: string | null
  /** SHA-256 of the one-time invite token; null once used. */
  invite_hash: string | null
  invite_expires_at: string | null
  suspended: Generated<number>
  created_by: string
  created_at: string
}

export interface PortalSessionsTable {
  id: string
  agent_user_id: number
  created_at: string
  expires_at: string
}

/** A deposit an agent's user reported with its slip (0041, issue 35 item 3). */
export interface PortalDepositsTable {
  id: Generated<number>
  account_id: number
  agent_user_id: number
  /** Paisa. */
  amount: number | string
  date: string
  bank: string
  reference: string
  slip_type: string
  slip: string
  status: 'pending' | 'approved' | 'rejected'
  reason: string | null
  record_id: number | null
  entry: string | null
  matched: Generated<number>
  created_at: string
  decided_by: string | null
  decided_at: string | null
}

/** A booking an agent's user asked for (0044, issue 35 item 4). */
export interface BookingRequestsTable {
  id: Generated<number>
  account_id: number
  agent_user_id: number
  /** The requested type's form type (its spec's `request`). */
  kind: string
  sector: string
  depart_date: string
  return_date: string | null
  passengers_json: string
  /** Paisa, when the agent gave one. */
  amount: number | string | null
  note: Generated<string>
  over_limit: Generated<number>
  status: 'pending' | 'booked' | 'declined'
  reason: string | null
  record_table: string | null
  record_id: number | null
  entry: string | null
  created_at: string
  decided_by: string | null
  decided_at: string | null
}

/** A sale a credit limit refused, kept for an admin's decision (0038, decision 098). */
export interface SaleRequestsTable {
  id: Generated<number>
  table_name: string
  body_json: string
  refusal: string
  note: string | null
  status: 'pending' | 'approved' | 'refused'
  requested_by_id: number
  requested_by: string
  requested_at: string
  decided_by: string | null
  decided_at: string | null
  reason: string | null
  record_id: number | null
  entry: string | null
}

/** One side of a balanced posting (0012): paisa, dated by the business day. */
export interface PostingLinesTable {
  id: Generated<number>
  source_type: string
  source_id: number
  date: string
  account: string
  debit: number
  credit: number
  entry: string
  detail: string
  created_at: string
  /** The entry header (0022); null only on a line written before 0022 ran. */
  entry_id: number | null
  /** On a reversal line: the line it cancels (0022). */
  reverses: number | null
  /** Where the line sorts among its account's lines of a day (0022, decision 050). */
  place: number | null
  /** What a statement's split of the line adds to each side, paisa (0033, decision 080). */
  split_add: Generated<number>
  /** The line's account by id (0034, decision 081); `account` is that account's code. */
  account_id: number | null
  /** The transaction currency (0042, decision 108); PKR on a rupee line. */
  currency: Generated<string>
  /** The amount in `currency`, minor units; 0 on a rupee line (its amount is debit/credit). */
  fx_debit: Generated<number>
  fx_credit: Generated<number>
  /** Micro-rupees per unit of `currency` (rupees × 10^6); null on a rupee line. */
  rate: number | null
}

/** A currency the office has turned on (0042, decision 107). */
export interface CurrenciesTable {
  code: string
  minor_units: number
  enabled: number
  updated_at: string
}

/** Rupees per unit from a day on, micro-rupees (0042, decision 107); the latest row of a day wins. */
export interface ExchangeRatesTable {
  id: Generated<number>
  currency: string
  date: string
  rate: number
  source: string
  user_id: number | null
  created_at: string
}

/** What a payment settled of a foreign document, with which money (0046, decision 120). */
export interface FxSettlementsTable {
  id: Generated<number>
  source_type: string
  source_id: number
  place: number
  doc_type: string
  doc_id: number
  money_type: string
  money_id: number
  currency: string
  fx: number
  doc_paisa: number
  money_paisa: number
  /** The amount the payment named for the bill; null: what was open (decision 120). */
  asked: number | null
}

/** A rupee payment against a foreign party: the rupees paid per money field (0046, decision 120). */
export interface FxPaidInTable {
  source_type: string
  source_id: number
  paid: string
}

/** One month-end revaluation per day, its closing rates as JSON micro-rupees (0046, decision 121). */
export interface RevaluationsTable {
  id: Generated<number>
  as_of: string
  rates: string
  restated: string
  user_id: number | null
  created_at: string
}

/** A transfer between two banks, one of them in rupees (0052, decision 143): what was typed. */
export interface BankTransfersTable {
  id: Generated<number>
  date: string
  from_bank: string
  to_bank: string
  detail: string
  from_currency: string
  to_currency: string
  /** Minor units of the sending bank's currency. */
  sent: number
  /** Minor units of the receiving bank's currency. */
  received: number
  /** Micro-rupees per unit of the foreign side; null between two rupee banks. */
  rate: number | null
  user_id: number | null
  created_at: string
}

/** An account of the books (0034, decision 081): its code never changes, its address and name may. */
export interface AccountsTable {
  id: Generated<number>
  /** The text its lines carry (posting_lines.account); fixed when the account opens. */
  code: string
  /** The "kind:name" callers post to and read by; null once merged into another account. */
  address: string | null
  kind: string
  name: string
  party_kind: string | null
  party_id: number | null
  /** ISO 4217; PKR for every account today. */
  currency: Generated<string>
  opened_at: string
  closed_at: string | null
  merged_into: number | null
}

/** An entry header (0022, decision 050): one set of balanced lines a record posted, or its reversal. */
export interface BookEntriesTable {
  id: Generated<number>
  source_type: string
  source_id: number
  day: string
  entry: string
  memo: string
  /** On a reversal: the entry it cancels. */
  reverses: number | null
  user_id: number | null
  audit_id: number | null
  created_at: string
}

/** Where the incremental books check last stopped (0030, decision 073): lines up to line_id proved. */
export interface BooksVerifiedTable {
  id: number
  line_id: number
  /** Total debits (paisa) of the lines up to line_id. */
  debit: number | string
  checked_at: string
  generation: number
}

/** A month checkpoint as the books check last proved it (0030, decision 073). */
export interface BooksVerifiedMonthsTable {
  account: string
  month: string
  generation: number
  n: number | string
  debit: number | string
  credit: number | string
  fx_debit: Generated<number | string>
  fx_credit: Generated<number | string>
}

/** The lines of entries in force (view, 0022): neither reversals nor reversed. */
export interface CurrentLinesView {
  id: number
  source_type: string
  source_id: number
  date: string
  account: string
  debit: number
  credit: number
  entry: string
  detail: string
  created_at: string
  entry_id: number | null
  place: number | null
}

/** An account's lines summed per month (0015), kept with the lines. */
export interface PostingMonthsTable {
  account: string
  month: string
  n: number
  debit: number
  credit: number
  /** The month's lines' amounts in their own currency (minor units; 0055, decision 149). */
  fx_debit: Generated<number>
  fx_credit: Generated<number>
}

/** An account's lines summed per day (0029), kept with the lines. */
export interface PostingDaysTable {
  account: string
  date: string
  n: number
  debit: number
  credit: number
  /** The day's lines' split_add (0033, decision 080). */
  split_add: Generated<number>
  /** The day's lines' amounts in their own currency (minor units; 0055, decision 149). */
  fx_debit: Generated<number>
  fx_credit: Generated<number>
}

/** Income and cost of sales per day and source type, and how many sources moved them (0029). */
export interface ProfitDaysTable {
  date: string
  source_type: string
  sources: number
  income: number
  cost: number
}

/** A later payment against a record's remaining amount (0012). */
export interface PaymentsTable {
  id: Generated<number>
  receipt_no: string
  source_type: string
  source_id: number
  date: string
  amount: number
  method: string
  bank_title: string
  note: string
  employee: string
  created_by: number | null
  created_at: string
  /** Income tax the customer withheld from this payment, its section and certificate (0036). */
  tax_withheld: Generated<number>
  tax_section: Generated<string>
  tax_certificate: Generated<string>
  /** The record's currency the amount is in, and the rate used (micro-rupees; null in rupees) (0050). */
  currency: Generated<string>
  rate: ColumnType<number | null, number | null | undefined, number | null>
}

/** The single row (id 1) holding the books' total debits and whether existing records still need posting (0012). */
export interface BooksTotalsTable {
  id: number
  debit: number
  backfill: number
  /** Where a resumed books upgrade carries on: the table and the last id posted (migration 0021). */
  backfill_table: string
  backfill_after: number
}

/** Every change of the books' lock date, newest last (migration 0028, decision 066). */
export interface BooksLocksTable {
  id: Generated<number>
  through: string
  previous: string | null
  reason: string
  user_id: number | null
  username: string
  created_at: string
}

/** A count of the drawer at a day's end, paisa (migration 0028, decision 065). */
export interface CashCountsTable {
  id: Generated<number>
  date: string
  counted: number
  expected: number
  difference: number
  note: string
  employee: string
  created_by: number | null
  created_at: string
  replaced_by: number | null
}

export interface SettingsTable {
  key: string
  value: string
}

export interface CustomersTable extends Base {
  name: string
  mobile_number: string
  address: string
  passport_number: string
  created_by: string
  /** 'en' or 'ur': the language of this customer's receipts and statements (migration 0023). */
  paper_language: Generated<string>
  /** NTN, CNIC and province for tax invoices (0036). */
  ntn: Generated<string>
  cnic: Generated<string>
  province: Generated<string>
}

/** Sales tax rates admins keep (0036, decision 088): rate in basis points. */
export interface TaxRatesTable {
  id: Generated<number>
  name: string
  authority: string
  rate_bp: number
  from: string
  to: string | null
  is_default: Generated<number>
  confirmed: Generated<number>
  source: Generated<string>
}

/** Taxable or exempt per record type and kind ('' for every kind). */
export interface TaxRulesTable {
  record_type: string
  kind: string
  taxable: number
}

/** One sale's tax (paisa). */
export interface SaleTaxesTable {
  source_type: string
  source_id: number
  authority: string
  rate_bp: number
  taxable_value: number
  tax_amount: number
  exempt: Generated<number>
  inclusive: Generated<number>
  date: string
}

export interface TaxInvoiceCountersTable {
  tax_year: string
  last: number
}

export interface TaxInvoicesTable {
  id: Generated<number>
  tax_year: string
  serial: number
  source_type: string
  source_id: number
  issued_at: string
}

/** The "Costs to pay" a Protector or Expense entry settles (0036). */
export interface CostSettlementsTable {
  source_type: string
  source_id: number
  settles_type: string
  settles_id: number
}

/** An Office Accounts entry that is a bank charge or bank profit (0036). */
export interface OfficePurposesTable {
  entry_id: number
  purpose: string
  reposted: Generated<number>
}

export interface EntryCountersTable {
  form_type: string
  current_count: number
}

export interface BanksTable extends Base {
  name: string
  active: number
}

export interface NamesTable extends Base {
  name: string
}

export interface AuditLogTable {
  id: Generated<number>
  at: string
  user_id: number | null
  username: string
  action: string
  table_name: string
  record_id: number
  before_json: string | null
  after_json: string | null
  /** The admin who approved a correction requested by `username`; null for direct changes. */
  approved_by: Generated<string | null>
}

/**
 * One row per money-moving record: its place in All Bookings (source, day, entry, name, employee).
 * Its money is the source's posting lines, read through the `journal` view (0032, decision 078).
 */
export interface JournalRowsTable {
  id: Generated<number>
  source_type: string
  source_id: number
  date: string
  entry: string
  name: string
  employee: string
}

/** The `journal` view (0032): a journal row with its money from the lines, in paisa. */
export interface JournalView {
  id: number
  source_type: string
  source_id: number
  date: string
  entry: string
  name: string
  employee: string
  receivable: number
  paid_cash: number
  paid_in_bank: number
  remaining: number
  withdraw: number
}

/** Journal rows counted per month and type, kept by triggers (0002, 0032). */
export interface JournalMonthsTable {
  month: string
  source_type: string
  n: number
}

/**
 * What the account checkpoints cannot split by record type, per day and source type (0032): the
 * bank debits the dashboard counts as Paid In Bank, and what sales leave owed (a payment's part on
 * its record's day). Kept by the books' write with the lines.
 */
export interface SourceDaysTable {
  date: string
  source_type: string
  bank_in: number
  owed: number
}

/** source_days summed per month (0032). */
export interface SourceMonthsTable {
  month: string
  source_type: string
  bank_in: number
  owed: number
}

/** Per (ledger, name, month) row count and sum of credit - debit, kept by triggers (0003_ledger_indexes). */
export interface LedgerMonthsTable {
  ledger: string
  name: string
  month: string
  n: number
  net: number
}

/** The same over all names of a ledger, per month (0003_ledger_indexes). */
export interface LedgerMonthsAllTable {
  ledger: string
  month: string
  n: number
  net: number
}

export interface TicketsTable extends Base, Authored, CustomerLinked {
  employee_name: string
  agent_name: string
  customer_add: string
  reference: string | null
  entry: string
  depart_date: string | null
  return_date: string | null
  sector: string
  airline: string
  adults: number
  children: number
  infants: number
  passport_detail: string
  receivable_amount: number
  paid_cash: number
  bank_title: string
  paid_in_bank: number
  payable_to_vendor: number
  vendor_name: string
  profit: number | null
  remaining_amount: number
  /** Later payments (the payments table) against this record (0012). */
  payments_total: ColumnType<number, number | undefined, number>
  /** 13-digit ticket numbers joined by spaces, and the pasted ticket text (0018). */
  ticket_numbers: string | null
  ticket_text: string | null
  /** A void (0037, decision 092): '' while the ticket stands; when, by whom and why once voided. */
  voided_at: ColumnType<string, string | undefined, string>
  voided_by: ColumnType<string, string | undefined, string>
  void_reason: ColumnType<string, string | undefined, string>
  /** The payable's currency and the rates used, as JSON (0049, decision 136). */
  vendor_currency: Generated<string>
  rates: Generated<string>
  /** The selling side's currency (0050, decision 137): the agent's or customer's. */
  currency: Generated<string>
}

export interface UmrahTable extends Base, Authored, CustomerLinked {
  user_name: string
  entry: string
  customer_add: string
  reference: string
  package_detail: string
  depart_date: string | null
  return_date: string | null
  sector: string
  airline: string
  adults: number
  children: number
  infants: number
  passport_detail: string
  receivable_amount: number
  paid_cash: number
  bank_title: string
  paid_in_bank: number
  payable_to_vendor: number
  vendor_name: string
  profit: number | null
  remaining_amount: number
  /** Later payments (the payments table) against this record (0012). */
  payments_total: ColumnType<number, number | undefined, number>
  /** The selling side's currency, the payable's, and the rates used as {"SAR": micro-rupees} (0042). */
  currency: Generated<string>
  vendor_currency: Generated<string>
  rates: Generated<string>
}

/** A sale's buying side from a named vendor (0051, decision 140): the payable in its currency, the rates used as JSON. */
export interface VendorPayable {
  vendor_name: Generated<string>
  payable_to_vendor: Generated<number>
  vendor_currency: Generated<string>
  rates: Generated<string>
  /** The selling side's currency (0057, decision 151): the customer's. */
  currency: Generated<string>
}

export interface VisaProcessingTable extends Base, Authored, CustomerLinked, VendorPayable {
  employee_name: string
  file_number: string
  entry: string
  reference: string
  sponsor_name: string
  visa_number: string
  id_number: string
  embassy: string
  passport_detail: string
  e_number: string
  customer_add: string
  ptn_permission: string
  embassy_send_date: string | null
  embassy_return_date: string | null
  protector_date: string | null
  expiry_medical_date: string | null
  visa_expiry_date: string | null
  passport_deliver_date: string | null
  receivable_amount: number
  additional_charges: number
  pay_for_protector: number
  paid_cash: number
  paid_in_bank: number
  profit: number
  remaining_amount: number
  /** Later payments (the payments table) against this record (0012). */
  payments_total: ColumnType<number, number | undefined, number>
  /** The bank (banks table) Paid In Bank went into (0012). */
  bank_title: ColumnType<string, string | undefined, string>
}

export interface GamcaTokensTable extends Base, Authored, CustomerLinked, VendorPayable {
  employee_name: string
  customer_add: string
  entry: string
  reference: string
  country: string
  passport_detail: string
  receivable_amount: number
  paid_cash: number
  paid_from_bank: string
  paid_in_bank: number
  profit: number
  remaining_amount: number
  /** Later payments (the payments table) against this record (0012). */
  payments_total: ColumnType<number, number | undefined, number>
}

export interface ProtectorsTable extends Base, Authored {
  entry: string
  employee: string
  name: string
  passport: string
  reference: string
  file_no: string
  withdraw: number
  mcb_fee_6000_date: string
  ncb_fee_6700_date: string
  ncb_fee_500_date: string
  protector_date: string
  additional_charges: number
}

export interface ExpensesTable extends Base, Authored {
  user_name: string
  entry: string
  date: string
  detail: string
  total_amount: number
  selection: string
  withdraw: number
}

export interface RefundedTable extends Base, Authored {
  employee: string
  entry: string
  date: string
  name: string
  passport: string
  reference: string
  paid_fee_date: string | null
  paid_refund_date: string | null
  total_balance: number
  withdraw: number
}

export interface ServicesTable extends Base, Authored, CustomerLinked, VendorPayable {
  user_name: string
  entry: string
  customer_add: string
  booking_date: string
  specific_detail: string
  visa_type: string
  receivable_amount: number
  paid_cash: number
  paid_in_bank: number
  profit: number
  remaining_amount: number
  /** Later payments (the payments table) against this record (0012). */
  payments_total: ColumnType<number, number | undefined, number>
  /** The bank (banks table) Paid In Bank went into (0012). */
  bank_title: ColumnType<string, string | undefined, string>
}

export interface RefundCustomersTable extends Base, Authored, CustomerLinked {
  employee: string
  entry: string
  name: string
  date: string
  passport: string
  reference: string
  detail_sector: string
  total_amount: number
  vender_name: string
  return_from_vendor: number
  office_service_charges: number
  remaining_amount: number
  paid_cash: number
  paid_in_bank: number
  bank_title: string
  balance: number
}

export interface NavtccTable extends Base, Authored, CustomerLinked {
  employee_name: string
  entry: string
  customer_add: string
  reference: string
  profession_key: string
  passport_detail: string
  receivable_amount: number
  paid_cash: number
  paid_from_bank: string
  paid_in_bank: number
  payed_to_bank: number
  profit: number
  remaining_amount: number
  vendor_name: string
  /** Later payments (the payments table) against this record (0012). */
  payments_total: ColumnType<number, number | undefined, number>
  /** The bank (banks table) Paid In Bank went into (0012). */
  bank_title: ColumnType<string, string | undefined, string>
  /** The payable's currency and the rates used, as JSON (0049, decision 136). */
  vendor_currency: Generated<string>
  rates: Generated<string>
  /** The selling side's currency (0057, decision 151): the customer's. */
  currency: Generated<string>
}

export interface AgentEntriesTable extends Base, Linked, Authored {
  agent_name: string
  date: string
  employee: string
  entry: string
  detail: string
  credit: number
  debit: number
  paid_cash: number
  paid_bank: number
  receivable_amount: number
  bank_title: string
  /** The agent's currency the amounts are in (0042, decision 109). */
  currency: Generated<string>
  /** Micro-rupees per unit; null in rupees. */
  rate: number | null
}

export interface AccountEntriesTable extends Base, Linked, Authored {
  bank_name: string
  employee_name: string
  vendor_name: string
  entry: string
  date: string
  detail: string
  credit: number
  debit: number
  /** The bank's currency the amounts are in (0047, decision 132). */
  currency: Generated<string>
  /** Micro-rupees per unit; null in rupees. */
  rate: number | null
}

export interface VendorEntriesTable extends Base, Linked, Authored {
  vender_name: string
  date: string
  entry: string
  detail: string
  bank_title: string
  credit: number
  debit: number
  withdraw: number
  /** The vendor's currency the amounts are in (0042, decision 109). */
  currency: Generated<string>
  /** Micro-rupees per unit; null in rupees. */
  rate: number | null
}

/** First answers of creates sent with an Idempotency-Key (migration 0008). */
export interface IdempotencyKeysTable {
  user_id: number
  idem_key: string
  request_hash: string
  status: number
  answer: string
  created_at: string
}

/** Issue 25 (migration 0026): an agent's, vendor's or customer's contact details and credit limit. */
export interface PartyProfilesTable {
  id: Generated<number>
  kind: string
  party_key: string
  phone: string
  email: string
  city: string
  note: string
  /** Paisa; null is no limit. */
  credit_limit: number | string | null
  language: string
  updated_at: string
}

/** A statement share link; only the SHA-256 of its token is kept. */
export interface StatementSharesTable {
  id: Generated<number>
  token_hash: string
  /** The token sealed under the server key, to give the same link again; '' for older links. */
  token_sealed: Generated<string>
  kind: string
  party_key: string
  party_name: string
  date_from: string | null
  date_to: string | null
  expires_at: string
  revoked_at: string | null
  created_by: number | null
  created_by_name: string
  created_at: string
}

export interface StatementShareOpeningsTable {
  id: Generated<number>
  share_id: number
  at: string
  what: string
  ip: string
  user_agent: string
}

/** Every reminder sent (who, when, channel, amount in paisa). */
export interface RemindersTable {
  id: Generated<number>
  kind: string
  party_key: string
  party_name: string
  channel: string
  amount: number | string
  detail: string
  share_id: number | null
  user_id: number | null
  username: string
  at: string
}

/** Issue 24 (migration 0027, decision 063): the mapping a bank's statement files are read with. */
export interface BankStatementMappingsTable {
  bank_id: number
  /** StatementMapping as JSON. */
  mapping: string
  updated_by: number | null
  updated_at: string
}

/** One statement file imported into a bank. */
export interface BankStatementImportsTable {
  id: Generated<number>
  bank_id: number
  file_name: string
  /** Lines read from the file; `added` of them were new. */
  lines: number
  added: number
  created_by: number | null
  created_at: string
  /** The opening and closing balances the file printed on rows of their own (paisa), else null. */
  opening_balance: ColumnType<number | null, number | null | undefined, number | null>
  opening_date: ColumnType<string | null, string | null | undefined, string | null>
  closing_balance: ColumnType<number | null, number | null | undefined, number | null>
  /** While the import is being stored: the instant it started; null once current (decision 112). */
  pending: ColumnType<string | null, string | null | undefined, string | null>
}

/** A line of a bank's statement. Amount in paisa, always positive; direction says in or out. */
export interface BankStatementLinesTable {
  id: Generated<number>
  bank_id: number
  import_id: number
  row_no: number
  date: string
  narration: string
  reference: string
  amount: number | string
  direction: string
  balance: number | string | null
  /** Day, direction, amount, reference or narration, occurrence in its file: unique per bank. */
  identity: string
  created_at: string
}

/** Statement lines matched to posting lines of the same bank account; auto matches wait for a confirm. */
export interface BankMatchesTable {
  id: Generated<number>
  bank_id: number
  kind: string
  confirmed: number
  created_by: number | null
  created_at: string
}

/** A match's lines: each statement line, and each posting line, in at most one match. */
export interface BankMatchLinesTable {
  match_id: number
  line_id: number
}

/** Row counts of the record tables, kept by triggers (migration 0004). */
interface TableCountsTable {
  table_name: string
  n: number
}

export interface Database {
  users: UsersTable
  settings: SettingsTable
  customers: CustomersTable
  record_passports: RecordPassportsTable
  entry_counters: EntryCountersTable
  banks: BanksTable
  agent_names: NamesTable
  party_profiles: PartyProfilesTable
  statement_shares: StatementSharesTable
  statement_share_openings: StatementShareOpeningsTable
  reminders: RemindersTable
  vender_names: NamesTable
  audit_log: AuditLogTable
  idempotency_keys: IdempotencyKeysTable
  sessions: SessionsTable
  corrections: CorrectionsTable
  sale_requests: SaleRequestsTable
  agent_users: AgentUsersTable
  portal_sessions: PortalSessionsTable
  portal_deposits: PortalDepositsTable
  booking_requests: BookingRequestsTable
  journal: JournalView
  journal_rows: JournalRowsTable
  posting_lines: PostingLinesTable
  accounts: AccountsTable
  currencies: CurrenciesTable
  exchange_rates: ExchangeRatesTable
  fx_settlements: FxSettlementsTable
  fx_paid_in: FxPaidInTable
  revaluations: RevaluationsTable
  bank_transfers: BankTransfersTable
  posting_months: PostingMonthsTable
  posting_days: PostingDaysTable
  profit_days: ProfitDaysTable
  source_days: SourceDaysTable
  source_months: SourceMonthsTable
  book_entries: BookEntriesTable
  current_lines: CurrentLinesView
  bank_statement_mappings: BankStatementMappingsTable
  bank_statement_imports: BankStatementImportsTable
  bank_statement_lines: BankStatementLinesTable
  bank_matches: BankMatchesTable
  bank_match_statement_lines: BankMatchLinesTable
  bank_match_book_lines: BankMatchLinesTable
  agent_ledger: Selectable<AgentEntriesTable>
  office_ledger: Selectable<AccountEntriesTable>
  vendor_ledger: Selectable<VendorEntriesTable>
  books_verified: BooksVerifiedTable
  books_verified_months: BooksVerifiedMonthsTable
  payments: PaymentsTable
  tax_rates: TaxRatesTable
  tax_rules: TaxRulesTable
  sale_taxes: SaleTaxesTable
  tax_invoice_counters: TaxInvoiceCountersTable
  tax_invoices: TaxInvoicesTable
  cost_settlements: CostSettlementsTable
  office_purposes: OfficePurposesTable
  books_totals: BooksTotalsTable
  books_locks: BooksLocksTable
  cash_counts: CashCountsTable
  journal_months: JournalMonthsTable
  ledger_months: LedgerMonthsTable
  ledger_months_all: LedgerMonthsAllTable
  table_counts: TableCountsTable
  tickets: TicketsTable
  umrah: UmrahTable
  visa_processing: VisaProcessingTable
  gamca_tokens: GamcaTokensTable
  protectors: ProtectorsTable
  expenses: ExpensesTable
  refunded: RefundedTable
  services: ServicesTable
  refund_customers: RefundCustomersTable
  navtcc: NavtccTable
  agent_entries: AgentEntriesTable
  account_entries: AccountEntriesTable
  vender_entries: VendorEntriesTable
}

export type TableName = keyof Database
export type Row<T extends TableName> = Selectable<Database[T]>
export type NewRow<T extends TableName> = Insertable<Database[T]>
export type RowUpdate<T extends TableName> = Updateable<Database[T]>

/** True when A and B are the same set of names. */
type SameNames<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/**
 * Each RecordSpec's `columns` is exactly its table type's columns: a column added to one and not
 * the other does not compile (the drift test then holds the database to the spec).
 */
const _specColumnsAreTableColumns: {
  [T in RecordTable]: SameNames<RecordSpecs[T]['columns'][number], keyof Database[T]>
} = {
  tickets: true,
  umrah: true,
  visa_processing: true,
  gamca_tokens: true,
  navtcc: true,
  services: true,
  protectors: true,
  expenses: true,
  refunded: true,
  refund_customers: true,
  agent_entries: true,
  vender_entries: true,
  account_entries: true,
}
void _specColumnsAreTableColumns
