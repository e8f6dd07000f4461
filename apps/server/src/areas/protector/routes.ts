import { ProtectorInput } from '@booking/shared'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { SEARCH_INDEX } from '../../db/search-index.ts'
import { crudRoutes } from '../../lib/crud.ts'

/** Protector entries: no postings; their withdraw counts against cash in office. */
export const protectorRoutes = async (app: FastifyInstance, db: Db) => {
  crudRoutes(app, db, {
    path: '/protector',
    table: 'protectors',
    listKey: 'protectors',
    itemKey: 'protector',
    label: 'protector',
    formType: 'protector',
    input: ProtectorInput,
    employeeColumn: 'employee',
    search: SEARCH_INDEX.protectors,
    dateColumn: 'protector_date',
    toRow: (input) => input,
    journal: (row) => ({
      date: row.protector_date,
      entry: row.entry,
      name: row.name,
      employee: row.employee,
      withdraw: row.withdraw,
    }),
  })
}
