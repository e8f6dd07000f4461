import type { FastifyInstance } from 'fastify'
import { bookEntryRoutes } from '../books/routes.ts'
import type { Db } from '../db/connect.ts'
import { adminRoutes } from './platform/admin/routes.ts'
import { alertRoutes } from './readers/alerts/routes.ts'
import { bankStatementRoutes } from './readers/banks/routes.ts'
import { closeRoutes } from './readers/close/routes.ts'
import { collectRoutes } from './readers/collect/routes.ts'
import { customerRoutes } from './readers/customers/routes.ts'
import { dashboardRoutes } from './readers/dashboard/routes.ts'
import { accountRoutes } from './records/accounts/routes.ts'
import { agentRoutes } from './records/agent/routes.ts'
// Hands the record lifecycle what the areas keep beside every record (decision 076).
import './extensions.ts'
import { currencyRoutes } from './platform/currencies/routes.ts'
import { entryRoutes } from './platform/entries/routes.ts'
import { lookupRoutes } from './platform/lookups/routes.ts'
import { mrzRoutes } from './platform/mrz/routes.ts'
import { settingsRoutes } from './platform/settings/routes.ts'
import { morningRoutes } from './readers/morning/routes.ts'
import { passengerRoutes } from './readers/passengers/routes.ts'
import { bookingRequestRoutes } from './readers/portal/requests.ts'
import { portalRoutes } from './readers/portal/routes.ts'
import { receiptRoutes } from './readers/receipts/routes.ts'
import { booksReportRoutes } from './readers/reports/books-routes.ts'
import { reportRoutes } from './readers/reports/routes.ts'
import { statementRoutes } from './readers/statements/routes.ts'
import { taxReportRoutes } from './readers/tax/routes.ts'
import { expenseRoutes } from './records/expense/routes.ts'
import { gamcaRoutes } from './records/gamca/routes.ts'
import { bankRoutes } from './records/ledgers/banks.ts'
import { navtccRoutes } from './records/navtcc/routes.ts'
import { paymentRoutes } from './records/payments/routes.ts'
import { protectorRoutes } from './records/protector/routes.ts'
import { refundCustomerRoutes } from './records/refund-customer/routes.ts'
import { refundedRoutes } from './records/refunded/routes.ts'
import { servicesRoutes } from './records/services/routes.ts'
import { taxRoutes } from './records/tax/routes.ts'
import { ticketParseRoutes } from './records/tickets/parse.ts'
import { ticketRoutes } from './records/tickets/routes.ts'
import { umrahRoutes } from './records/umrah/routes.ts'
import { vendorRoutes } from './records/vendor/routes.ts'
import { visaRoutes } from './records/visa/routes.ts'

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
  vendorRoutes,
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
  currencyRoutes,
  receiptRoutes,
  statementRoutes,
  reportRoutes,
  paymentRoutes,
  collectRoutes,
  morningRoutes,
  bookEntryRoutes,
  bankStatementRoutes,
  closeRoutes,
  taxRoutes,
  taxReportRoutes,
  portalRoutes,
  bookingRequestRoutes,
  // Last: it posts existing records (the books' upgrade) with every area's rules.
  booksReportRoutes,
]
