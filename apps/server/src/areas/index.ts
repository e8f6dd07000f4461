import type { FastifyInstance } from 'fastify'
import { bookEntryRoutes } from '../books/routes.ts'
import type { Db } from '../db/connect.ts'
import { accountRoutes } from './accounts/routes.ts'
import { adminRoutes } from './admin/routes.ts'
import { agentRoutes } from './agent/routes.ts'
import { alertRoutes } from './alerts/routes.ts'
import { bankStatementRoutes } from './banks/routes.ts'
import { closeRoutes } from './close/routes.ts'
import { collectRoutes } from './collect/routes.ts'
import { customerRoutes } from './customers/routes.ts'
import { dashboardRoutes } from './dashboard/routes.ts'
import { entryRoutes } from './entries/routes.ts'
import { expenseRoutes } from './expense/routes.ts'
import { gamcaRoutes } from './gamca/routes.ts'
import { bankRoutes } from './ledgers/banks.ts'
import { lookupRoutes } from './lookups/routes.ts'
import { morningRoutes } from './morning/routes.ts'
import { mrzRoutes } from './mrz/routes.ts'
import { navtccRoutes } from './navtcc/routes.ts'
import { passengerRoutes } from './passengers/routes.ts'
import { paymentRoutes } from './payments/routes.ts'
import { protectorRoutes } from './protector/routes.ts'
import { receiptRoutes } from './receipts/routes.ts'
import { refundCustomerRoutes } from './refund-customer/routes.ts'
import { refundedRoutes } from './refunded/routes.ts'
import { booksReportRoutes } from './reports/books-routes.ts'
import { reportRoutes } from './reports/routes.ts'
import { servicesRoutes } from './services/routes.ts'
import { settingsRoutes } from './settings/routes.ts'
import { statementRoutes } from './statements/routes.ts'
import { ticketParseRoutes } from './tickets/parse.ts'
import { ticketRoutes } from './tickets/routes.ts'
import { umrahRoutes } from './umrah/routes.ts'
import { venderRoutes } from './vender/routes.ts'
import { visaRoutes } from './visa/routes.ts'

/** Every record area's routes, mounted under /api. A new area is one import and one line. */
export const recordAreas: Array<(app: FastifyInstance, db: Db) => Promise<void>> = [
  adminRoutes,
  customerRoutes,
  dashboardRoutes,
  entryRoutes,
  lookupRoutes,
  protectorRoutes,
  ticketRoutes,
  umrahRoutes,
  agentRoutes,
  venderRoutes,
  accountRoutes,
  bankRoutes,
  expenseRoutes,
  refundedRoutes,
  servicesRoutes,
  visaRoutes,
  gamcaRoutes,
  refundCustomerRoutes,
  navtccRoutes,
  mrzRoutes,
  ticketParseRoutes,
  passengerRoutes,
  alertRoutes,
  settingsRoutes,
  receiptRoutes,
  statementRoutes,
  reportRoutes,
  paymentRoutes,
  collectRoutes,
  morningRoutes,
  bookEntryRoutes,
  bankStatementRoutes,
  closeRoutes,
  // Last: it posts existing records (the books' upgrade) with every area's rules.
  booksReportRoutes,
]
