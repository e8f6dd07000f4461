import {
  BarChart3,
  BookUser,
  Calculator,
  CalendarCheck,
  ClipboardCheck,
  ClipboardList,
  Coins,
  Contact,
  DatabaseBackup,
  FileSpreadsheet,
  HandCoins,
  History,
  Inbox,
  KeyRound,
  Landmark,
  LayoutDashboard,
  Percent,
  Scale,
  Settings,
  UserCog,
  UsersRound,
} from 'lucide-react'
import type { FeatureDescriptor } from '../lib/feature.ts'
import { agentFeature } from './agent/feature.ts'
import { expenseFeature } from './expense/feature.ts'
import { gamcaFeature } from './gamca/feature.ts'
import { navtccFeature } from './navtcc/feature.ts'
import { officeAccountsFeature } from './office-accounts/feature.ts'
import { protectorFeature } from './protector/feature.ts'
import { refundCustomerFeature } from './refund-customer/feature.ts'
import { refundedFeature } from './refunded/feature.ts'
import { servicesFeature } from './services/feature.ts'
import { ticketsFeature } from './tickets/feature.ts'
import { umrahFeature } from './umrah/feature.ts'
import { vendorFeature } from './vendor/feature.ts'
import { visaFeature } from './visa/feature.ts'

/**
 * Every screen of the signed-in app, once, in the sidebar's order (spec part 1 §2). A record type's
 * feature exports its descriptor from its folder (`feature.ts`); the router's pages and the sidebar
 * are read from this list (decision 075).
 */
export const FEATURES: readonly FeatureDescriptor[] = [
  {
    segment: 'dashboard',
    page: () => import('./dashboard/page.tsx'),
    nav: { label: 'Dashboard', icon: LayoutDashboard },
  },
  { segment: 'bookings', page: () => import('./bookings/page.tsx') },
  ticketsFeature,
  umrahFeature,
  visaFeature,
  gamcaFeature,
  navtccFeature,
  servicesFeature,
  protectorFeature,
  expenseFeature,
  refundedFeature,
  refundCustomerFeature,
  officeAccountsFeature,
  {
    segment: 'trialBalance',
    page: () => import('./trial-balance/page.tsx'),
    nav: { label: 'Trial Balance', icon: Scale, adminOnly: true },
  },
  // Issue 24: admins match the bank statements, staff count the drawer, admins close the month.
  {
    segment: 'bankReconciliation',
    page: () => import('./banks/page.tsx'),
    nav: { label: 'Bank Reconciliation', icon: Landmark, adminOnly: true },
  },
  {
    segment: 'cashCount',
    page: () => import('./close/cash-count-page.tsx'),
    nav: { label: 'Cash Count', icon: Calculator },
  },
  // Issue 34: the one place staff type the day's rates (decision 107).
  {
    segment: 'rates',
    page: () => import('./rates/page.tsx'),
    nav: { label: 'Rates', icon: Coins },
  },
  {
    segment: 'monthEnd',
    page: () => import('./close/month-end-page.tsx'),
    nav: { label: 'Month End', icon: CalendarCheck, adminOnly: true },
  },
  vendorFeature,
  agentFeature,
  {
    segment: 'customers',
    page: () => import('./customers/page.tsx'),
    nav: { label: 'Customers', icon: Contact },
    more: { 'customers/:id': () => import('./customers/customer-page.tsx') },
  },
  {
    segment: 'passengers',
    page: () => import('./passengers/page.tsx'),
    nav: { label: 'Passengers', icon: BookUser },
    more: { 'passengers/:passport': () => import('./passengers/page.tsx') },
  },
  {
    segment: 'statements',
    page: () => import('./paperwork/statements-page.tsx'),
    nav: { label: 'Statements', icon: FileSpreadsheet },
  },
  {
    segment: 'toCollect',
    page: () => import('./collect/page.tsx'),
    nav: { label: 'To Collect', icon: HandCoins },
  },
  // Issue 35: deposits agents' users reported with their slips, for staff to approve or reject.
  {
    segment: 'deposits',
    page: () => import('./deposits/page.tsx'),
    nav: { label: 'Deposits to check', icon: Inbox },
  },
  // Issue 35 item 4: what agents' users asked for, for staff to book or decline.
  {
    segment: 'bookingRequests',
    page: () => import('./booking-requests/page.tsx'),
    nav: { label: 'Booking requests', icon: ClipboardList },
  },
  {
    segment: 'reports',
    page: () => import('./paperwork/reports-page.tsx'),
    nav: { label: 'Reports', icon: BarChart3, adminOnly: true },
  },
  // Issue 36: the sales tax and tax withheld registers, and the rates admins keep.
  {
    segment: 'tax',
    page: () => import('./paperwork/tax-page.tsx'),
    nav: { label: 'Tax', icon: Percent, adminOnly: true },
  },
  { segment: 'invoice', page: () => import('./paperwork/invoice-page.tsx') },
  {
    segment: 'employee',
    page: () => import('./employees/page.tsx'),
    nav: { label: 'Employees', icon: UserCog, adminOnly: true },
  },
  {
    segment: 'users',
    page: () => import('./users/page.tsx'),
    nav: { label: 'Users', icon: UsersRound, adminOnly: true },
  },
  {
    segment: 'corrections',
    page: () => import('./corrections/page.tsx'),
    nav: { label: 'Corrections', icon: ClipboardCheck },
  },
  {
    segment: 'activity',
    page: () => import('./activity/page.tsx'),
    nav: { label: 'Activity', icon: History, adminOnly: true },
  },
  {
    segment: 'backups',
    page: () => import('./backups/page.tsx'),
    nav: { label: 'Backups', icon: DatabaseBackup, adminOnly: true },
  },
  {
    segment: 'settings',
    page: () => import('./paperwork/settings-page.tsx'),
    nav: { label: 'Settings', icon: Settings, adminOnly: true },
  },
  {
    segment: 'account',
    page: () => import('./account/page.tsx'),
    nav: { label: 'My Account', icon: KeyRound },
  },
  { segment: 'receipt', page: () => import('./paperwork/receipt-page.tsx') },
]
