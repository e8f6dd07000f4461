import { type Kysely, sql } from 'kysely'
import { dbKind, idColumn, idType, moneyType } from './helpers/dialect.ts'

/** Column kinds: text and dates are text ('' default), money is integer paisa, int a plain count. */
type Kind = 'text' | 'text?' | 'money' | 'money?' | 'int'
type Columns = Record<string, Kind>

const LINKED: Columns = { source_type: 'text?', source_id: 'int' }

const TABLES: Record<string, Columns> = {
  customers: {
    name: 'text',
    mobile_number: 'text',
    address: 'text',
    passport_number: 'text',
    created_by: 'text',
  },
  banks: { name: 'text', active: 'int' },
  agent_names: { name: 'text' },
  vender_names: { name: 'text' },
  tickets: {
    employee_name: 'text',
    agent_name: 'text',
    customer_add: 'text',
    reference: 'text?',
    entry: 'text',
    depart_date: 'text?',
    return_date: 'text?',
    sector: 'text',
    airline: 'text',
    adults: 'int',
    children: 'int',
    infants: 'int',
    passport_detail: 'text',
    receivable_amount: 'money',
    paid_cash: 'money',
    bank_title: 'text',
    paid_in_bank: 'money',
    payable_to_vendor: 'money',
    vendor_name: 'text',
    profit: 'money?',
    remaining_amount: 'money',
  },
  umrah: {
    user_name: 'text',
    entry: 'text',
    customer_add: 'text',
    reference: 'text',
    package_detail: 'text',
    depart_date: 'text?',
    return_date: 'text?',
    sector: 'text',
    airline: 'text',
    adults: 'int',
    children: 'int',
    infants: 'int',
    passport_detail: 'text',
    receivable_amount: 'money',
    paid_cash: 'money',
    bank_title: 'text',
    paid_in_bank: 'money',
    payable_to_vendor: 'money',
    vendor_name: 'text',
    profit: 'money?',
    remaining_amount: 'money',
  },
  visa_processing: {
    employee_name: 'text',
    file_number: 'text',
    entry: 'text',
    reference: 'text',
    sponsor_name: 'text',
    visa_number: 'text',
    id_number: 'text',
    embassy: 'text',
    passport_detail: 'text',
    e_number: 'text',
    customer_add: 'text',
    ptn_permission: 'text',
    embassy_send_date: 'text?',
    embassy_return_date: 'text?',
    protector_date: 'text?',
    expiry_medical_date: 'text?',
    passport_deliver_date: 'text?',
    receivable_amount: 'money',
    additional_charges: 'money',
    pay_for_protector: 'money',
    paid_cash: 'money',
    paid_in_bank: 'money',
    profit: 'money',
    remaining_amount: 'money',
  },
  gamca_tokens: {
    employee_name: 'text',
    customer_add: 'text',
    entry: 'text',
    reference: 'text',
    country: 'text',
    passport_detail: 'text',
    receivable_amount: 'money',
    paid_cash: 'money',
    paid_from_bank: 'text',
    paid_in_bank: 'money',
    profit: 'money',
    remaining_amount: 'money',
  },
  protectors: {
    entry: 'text',
    employee: 'text',
    name: 'text',
    passport: 'text',
    reference: 'text',
    file_no: 'text',
    withdraw: 'money',
    mcb_fee_6000_date: 'text',
    ncb_fee_6700_date: 'text',
    ncb_fee_500_date: 'text',
    protector_date: 'text',
    additional_charges: 'money',
  },
  expenses: {
    user_name: 'text',
    entry: 'text',
    date: 'text',
    detail: 'text',
    total_amount: 'money',
    selection: 'text',
    withdraw: 'money',
  },
  refunded: {
    employee: 'text',
    entry: 'text',
    date: 'text',
    name: 'text',
    passport: 'text',
    reference: 'text',
    paid_fee_date: 'text?',
    paid_refund_date: 'text?',
    total_balance: 'money',
    withdraw: 'money',
  },
  services: {
    user_name: 'text',
    entry: 'text',
    customer_add: 'text',
    booking_date: 'text',
    specific_detail: 'text',
    visa_type: 'text',
    receivable_amount: 'money',
    paid_cash: 'money',
    paid_in_bank: 'money',
    profit: 'money',
    remaining_amount: 'money',
  },
  refund_customers: {
    employee: 'text',
    entry: 'text',
    name: 'text',
    date: 'text',
    passport: 'text',
    reference: 'text',
    detail_sector: 'text',
    total_amount: 'money',
    vender_name: 'text',
    return_from_vendor: 'money',
    office_service_charges: 'money',
    remaining_amount: 'money',
    paid_cash: 'money',
    paid_in_bank: 'money',
    bank_title: 'text',
    balance: 'money',
  },
  navtcc: {
    employee_name: 'text',
    entry: 'text',
    customer_add: 'text',
    reference: 'text',
    profession_key: 'text',
    passport_detail: 'text',
    receivable_amount: 'money',
    paid_cash: 'money',
    paid_from_bank: 'text',
    paid_in_bank: 'money',
    payed_to_bank: 'money',
    profit: 'money',
    remaining_amount: 'money',
    vendor_name: 'text',
  },
  agent_entries: {
    agent_name: 'text',
    date: 'text',
    employee: 'text',
    entry: 'text',
    detail: 'text',
    credit: 'money',
    debit: 'money',
    paid_cash: 'money',
    paid_bank: 'money',
    receivable_amount: 'money',
    bank_title: 'text',
    ...LINKED,
  },
  account_entries: {
    bank_name: 'text',
    employee_name: 'text',
    vendor_name: 'text',
    entry: 'text',
    date: 'text',
    detail: 'text',
    credit: 'money',
    debit: 'money',
    ...LINKED,
  },
  vender_entries: {
    vender_name: 'text',
    date: 'text',
    entry: 'text',
    detail: 'text',
    bank_title: 'text',
    credit: 'money',
    debit: 'money',
    withdraw: 'money',
    ...LINKED,
  },
}

/** Tables a list screen sorts and filters by date; they get a (date, id) index. */
const DATE_COLUMN: Record<string, string> = {
  expenses: 'date',
  refunded: 'date',
  services: 'booking_date',
  refund_customers: 'date',
  agent_entries: 'date',
  account_entries: 'date',
  vender_entries: 'date',
  tickets: 'depart_date',
  umrah: 'depart_date',
  protectors: 'protector_date',
}

export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  const money = moneyType(kind)

  await db.schema
    .createTable('users')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'employee')`))
    .addColumn('is_approved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('entry_counters')
    .addColumn('form_type', 'text', (c) => c.primaryKey())
    .addColumn('current_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('audit_log')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute()

  await db.schema
    .createTable('journal')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'integer', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('entry', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('employee', 'text', (c) => c.notNull())
    .addColumn('receivable', money, (c) => c.notNull().defaultTo(0))
    .addColumn('paid_cash', money, (c) => c.notNull().defaultTo(0))
    .addColumn('paid_in_bank', money, (c) => c.notNull().defaultTo(0))
    .addColumn('remaining', money, (c) => c.notNull().defaultTo(0))
    .addColumn('withdraw', money, (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('journal_source_unique', ['source_type', 'source_id'])
    .execute()
  await db.schema.createIndex('journal_date_id').on('journal').columns(['date', 'id']).execute()

  for (const [table, columns] of Object.entries(TABLES)) {
    let t = db.schema.createTable(table).addColumn('id', idType(kind), idColumn(kind))
    for (const [column, k] of Object.entries(columns)) {
      if (k === 'text') t = t.addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      else if (k === 'text?') t = t.addColumn(column, 'text')
      else if (k === 'money') t = t.addColumn(column, money, (c) => c.notNull().defaultTo(0))
      else if (k === 'money?') t = t.addColumn(column, money)
      else t = t.addColumn(column, 'integer', (c) => (column === 'source_id' ? c : c.notNull().defaultTo(0)))
    }
    t = t.addColumn('created_at', 'text', (c) => c.notNull())
    await t.execute()
    const dateColumn = DATE_COLUMN[table]
    if (dateColumn) {
      await db.schema.createIndex(`${table}_${dateColumn}_id`).on(table).columns([dateColumn, 'id']).execute()
    }
  }

  for (const table of ['banks', 'agent_names', 'vender_names']) {
    await db.schema.createIndex(`${table}_name_unique`).on(table).column('name').unique().execute()
  }
  // Per-name running balances scan one name's rows in (date, id) order.
  await db.schema
    .createIndex('agent_entries_name')
    .on('agent_entries')
    .columns(['agent_name', 'date', 'id'])
    .execute()
  await db.schema
    .createIndex('vender_entries_name')
    .on('vender_entries')
    .columns(['vender_name', 'date', 'id'])
    .execute()
  await db.schema
    .createIndex('account_entries_bank')
    .on('account_entries')
    .columns(['bank_name', 'date', 'id'])
    .execute()
  for (const table of ['agent_entries', 'account_entries', 'vender_entries']) {
    await db.schema.createIndex(`${table}_source`).on(table).columns(['source_type', 'source_id']).execute()
  }

  // Six accounts in the spec's shapes; admins rename them to the agency's real holders.
  const now = new Date().toISOString()
  await db
    .insertInto('banks')
    .values(
      ['UBL Account 1', 'UBL Account 2', 'HBL Account 1', 'HBL Account 2', 'JAZ C', 'MCB FIT'].map(
        (name) => ({
          name,
          active: 1,
          created_at: now,
        }),
      ),
    )
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    ...Object.keys(TABLES),
    'journal',
    'audit_log',
    'entry_counters',
    'settings',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
