import { type Kysely, sql } from 'kysely'
import { dbKind, idColumn, idType } from './helpers/dialect.ts'
import { DETAIL_TABLES_V1, PLAIN_TABLES_V1, passportRowsV1 } from './helpers/passports-v1.ts'

/** Record tables naming a customer, and the column holding the customer's text (copied, not imported). */
const CUSTOMER_COLUMN: Record<string, string> = {
  tickets: 'customer_add',
  umrah: 'customer_add',
  visa_processing: 'customer_add',
  gamca_tokens: 'customer_add',
  services: 'customer_add',
  navtcc: 'customer_add',
  refund_customers: 'name',
}

const BATCH = 1000

/**
 * Customers become people, not names: records gain a nullable customer_id (backfilled where the
 * record's customer text equals exactly one customer's name), and passport numbers get an index
 * table, one row per (record, passport), so a passenger's file and the expiry alerts read a few
 * index rows instead of parsing every passport_detail (decision 027).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const kind = dbKind(db)
  // Before the backfill: it looks every record's customer text up by name.
  await db.schema.createIndex('customers_name_id').on('customers').columns(['name', 'id']).execute()
  await db.schema
    .createIndex('customers_mobile_id')
    .on('customers')
    .columns(['mobile_number', 'id'])
    .execute()
  for (const [table, column] of Object.entries(CUSTOMER_COLUMN)) {
    await db.schema.alterTable(table).addColumn('customer_id', 'integer').execute()
    await sql`update ${sql.table(table)} set customer_id = (
        select min(c.id) from customers c where c.name = ${sql.ref(`${table}.${column}`)}
      )
      where (select count(*) from customers c where c.name = ${sql.ref(`${table}.${column}`)}) = 1`.execute(
      db,
    )
    await db.schema.createIndex(`${table}_customer_id`).on(table).columns(['customer_id', 'id']).execute()
  }

  await db.schema
    .createTable('record_passports')
    .addColumn('id', idType(kind), idColumn(kind))
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('passport', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('document_type', 'text', (c) => c.notNull().defaultTo('Passport'))
    .addColumn('expiry', 'text')
    .addColumn('travel_date', 'text')
    .execute()
  await db.schema
    .createIndex('record_passports_passport')
    .on('record_passports')
    .columns(['passport'])
    .execute()
  await db.schema
    .createIndex('record_passports_record')
    .on('record_passports')
    .columns(['record_type', 'record_id'])
    .execute()
  await db.schema
    .createIndex('record_passports_expiry')
    .on('record_passports')
    .columns(['expiry'])
    .where(sql.ref('expiry'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('record_passports_travel')
    .on('record_passports')
    .columns(['travel_date'])
    .where(sql.ref('travel_date'), 'is not', null)
    .execute()
  await db.schema
    .createIndex('visa_processing_medical_expiry')
    .on('visa_processing')
    .columns(['expiry_medical_date'])
    .execute()

  for (const table of [...DETAIL_TABLES_V1, ...PLAIN_TABLES_V1]) {
    const columns = (PLAIN_TABLES_V1 as readonly string[]).includes(table)
      ? ['id', 'passport', 'name']
      : table === 'tickets' || table === 'umrah'
        ? ['id', 'passport_detail', 'depart_date']
        : ['id', 'passport_detail']
    let after = 0
    for (;;) {
      const rows = await db
        .selectFrom(table)
        .select(columns)
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute()
      if (rows.length === 0) break
      after = rows[rows.length - 1].id as number
      const values = rows.flatMap((r) =>
        passportRowsV1(table, r).map((p) => ({ ...p, record_type: table, record_id: r.id as number })),
      )
      // 7 columns a row: 100 rows a statement stay under SQLite's 999 parameters.
      for (let i = 0; i < values.length; i += 100) {
        await db
          .insertInto('record_passports')
          .values(values.slice(i, i + 100))
          .execute()
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('record_passports').ifExists().execute()
  await db.schema.dropIndex('visa_processing_medical_expiry').ifExists().execute()
  await db.schema.dropIndex('customers_name_id').ifExists().execute()
  await db.schema.dropIndex('customers_mobile_id').ifExists().execute()
  for (const table of Object.keys(CUSTOMER_COLUMN)) {
    await db.schema.dropIndex(`${table}_customer_id`).ifExists().execute()
    await db.schema.alterTable(table).dropColumn('customer_id').execute()
  }
}
