import type { ComponentType } from 'react'
import { NAV_ITEMS } from '../config/nav.ts'

type PageModule = Promise<{ default: ComponentType }>

/** The signed-in layout (header, sidebar, Add Customer with its schema), not shipped with /login. */
export const loadAppLayout = (): PageModule =>
  import('../components/layout/app-layout.tsx').then((m) => ({ default: m.AppLayout }))

/**
 * Each area's screen, loaded on first visit so the login page ships little JavaScript.
 * Keys are the path segments of config/nav.ts (plus 'bookings').
 */
export const PAGES: Record<string, () => PageModule> = {
  dashboard: () => import('../features/dashboard/page.tsx'),
  bookings: () => import('../features/bookings/page.tsx'),
  tickets: () => import('../features/tickets/page.tsx'),
  umrah: () => import('../features/umrah/page.tsx'),
  visa: () => import('../features/visa/page.tsx'),
  gamcaToken: () => import('../features/gamca/page.tsx'),
  navtcc: () => import('../features/navtcc/page.tsx'),
  services: () => import('../features/services/page.tsx'),
  protector: () => import('../features/protector/page.tsx'),
  expense: () => import('../features/expense/page.tsx'),
  refunded: () => import('../features/refunded/page.tsx'),
  refundCustomer: () => import('../features/refund-customer/page.tsx'),
  agent: () => import('../features/agent/page.tsx'),
  officeAccount: () => import('../features/office-accounts/page.tsx'),
  trialBalance: () => import('../features/trial-balance/page.tsx'),
  bankReconciliation: () => import('../features/banks/page.tsx'),
  vender: () => import('../features/vender/page.tsx'),
  employee: () => import('../features/employees/page.tsx'),
  users: () => import('../features/users/page.tsx'),
  corrections: () => import('../features/corrections/page.tsx'),
  activity: () => import('../features/activity/page.tsx'),
  backups: () => import('../features/backups/page.tsx'),
  account: () => import('../features/account/page.tsx'),
  customers: () => import('../features/customers/page.tsx'),
  'customers/:id': () => import('../features/customers/customer-page.tsx'),
  passengers: () => import('../features/passengers/page.tsx'),
  'passengers/:passport': () => import('../features/passengers/page.tsx'),
  statements: () => import('../features/paperwork/statements-page.tsx'),
  reports: () => import('../features/paperwork/reports-page.tsx'),
  settings: () => import('../features/paperwork/settings-page.tsx'),
  receipt: () => import('../features/paperwork/receipt-page.tsx'),
  toCollect: () => import('../features/collect/page.tsx'),
  cashCount: () => import('../features/close/cash-count-page.tsx'),
  monthEnd: () => import('../features/close/month-end-page.tsx'),
}

/** Paths only admins reach (under /admin): the sidebar's admin-only items. */
export const ADMIN_ONLY = new Set(NAV_ITEMS.filter((item) => item.adminOnly).map((item) => item.segment))

/** Paths only employees reach: the spec gives the /bookings placeholder to the employee shell only. */
export const EMPLOYEE_ONLY = new Set(['bookings'])
