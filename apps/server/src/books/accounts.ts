import { createHash } from 'node:crypto'
import { type AccountKind, CASH_IN_OFFICE, RECORD_SPECS } from '@booking/shared'

/**
 * The chart of accounts (docs/decisions/018). An account is a code "kind:name"; the name part is
 * the bank, agent, vendor or customer as the records write it, or the record or expense type.
 */
export const CASH = 'cash'
export const COST_OF_SALES = 'cost:sales'
export const REFUNDS = 'expense:refunds'
export const OPENING = 'equity:opening'
/** Money between two banks on its way (decision 143): a transfer's two entries meet here and net to 0. */
export const BANK_TRANSFERS = 'equity:bank transfers'
/** The drawer counted against Cash in Office (decision 065): an expense, a surplus reduces it. */
export const CASH_OVER_SHORT = 'expense:cash over/short'

export const bankAccount = (bank: string) => `bank:${boundedKey(bank.trim())}`
export const agentAccount = (agent: string) => `agent:${boundedKey(agent.trim())}`
export const vendorAccount = (vendor: string) => `vendor:${boundedKey(vendor.trim())}`
export const incomeAccount = (recordType: string) => `income:${recordType}`
/** Costs of a record type owed to no named vendor (decision 053): a liability, "Costs to pay: Visa Processing". */
export const accruedAccount = (recordType: string) => `accrued:${recordType}`
export const expenseAccount = (expenseType: string) => `expense:${boundedKey(expenseType.trim()) || 'other'}`

/** Sales tax charged on sales and owed to an authority (issue 36): "Sales tax payable (SRB)". */
export const salesTaxAccount = (authority: string) => `tax:sales ${authority}`
/** Income tax customers withheld from their payments, claimed against the agency's own (issue 36). */
export const WITHHELD_TAX = 'tax:withheld'
/** Bank charges and profit posted from the bank reconciliation (issue 36 item 6). */
export const BANK_CHARGES = 'expense:Bank charges'
export const BANK_PROFIT = 'income:bank profit'

/** Collapses spacing and case, so "Ali  Traders" and "ali traders" are one customer. */
const customerKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

/** The account code of a customer (customers table row): keyed by id, so namesakes stay apart. */
export const customerIdAccount = (id: number) => `customer:#${id}`
/** The account code of customer text no customer row stands behind ("Walk-in Rana"). */
export const customerTextAccount = (text: string) =>
  `customer:${boundedKey(customerKey(text)) || '(walk-in)'}`

/**
 * A line's account column holds 220 characters (PostgreSQL refuses more) and a customer text or a
 * refund's vendor may be 500: a long one keeps its first 180 characters and a digest of the whole,
 * so two long names that differ only at the end still name two accounts.
 */
const KEY_ROOM = 200
const boundedKey = (key: string) =>
  key.length <= KEY_ROOM
    ? key
    : `${key.slice(0, 180)}…${createHash('sha256').update(key).digest('hex').slice(0, 16)}`
/** The customer id a `customer:#id` code names, else null. */
export const customerIdOfAccount = (code: string): number | null => {
  const m = /^customer:#(\d+)$/.exec(code)
  return m ? Number(m[1]) : null
}

/**
 * The receivable account of a booking sold to a customer without an agent (decision 033): the
 * customer the record is linked to (customer_id, set before it posts) when it has one, so two
 * customers with one name keep two accounts; else the record's customer text (customer_add /
 * customerAdd, else its name), spacing and case collapsed.
 */
export const customerAccountOf = (row: Record<string, unknown>): string => {
  const id = row.customer_id
  if (typeof id === 'number' && Number.isInteger(id) && id > 0) return customerIdAccount(id)
  return customerTextAccount(String(row.customer_add ?? row.customerAdd ?? row.name ?? ''))
}

/** The account a booking's receivable sits in: its agent's when it has one, else its customer's. */
export const partyAccountOf = (row: Record<string, unknown>): string => {
  const agent = String(row.agent_name ?? '').trim()
  return agent ? agentAccount(agent) : customerAccountOf(row)
}

const KINDS: Record<string, AccountKind> = {
  cash: 'cash',
  bank: 'bank',
  agent: 'agent',
  vendor: 'vendor',
  customer: 'customer',
  income: 'income',
  cost: 'cost',
  expense: 'expense',
  equity: 'equity',
  accrued: 'accrued',
  tax: 'tax',
}

export const kindOf = (code: string): AccountKind => KINDS[code.split(':', 1)[0] ?? ''] ?? 'equity'

/** What follows "Income: " / "Cost: ": the record type's screen name ("Gamca Token"), else the code's word. */
const typeName = (name: string) =>
  (RECORD_SPECS as Record<string, { name: string } | undefined>)[name]?.name ??
  name.charAt(0).toUpperCase() + name.slice(1)

/** The name a person reads: "Cash in Office", the bank or party itself, "Income: Tickets". */
export const accountName = (code: string): string => {
  if (code === CASH) return CASH_IN_OFFICE
  if (code === CASH_OVER_SHORT) return 'Cash over/short'
  if (code === WITHHELD_TAX) return 'Advance income tax (withheld by customers)'
  if (code.startsWith('tax:sales ')) return `Sales tax payable (${code.slice('tax:sales '.length)})`
  const [kind = '', ...rest] = code.split(':')
  const name = rest.join(':')
  if (kind === 'bank' || kind === 'agent' || kind === 'vendor' || kind === 'customer') return name
  const labels: Record<string, string> = {
    income: 'Income',
    cost: 'Cost',
    expense: 'Expense',
    equity: 'Equity',
    accrued: 'Costs to pay',
  }
  const typed = kind === 'income' || kind === 'cost' || kind === 'accrued'
  return `${labels[kind] ?? kind}: ${typed ? typeName(name) : name}`
}
