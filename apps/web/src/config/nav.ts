import { RECORD_SPECS, type RecordSpec } from '@booking/shared'
import {
  Banknote,
  BarChart3,
  BookUser,
  Building2,
  Calculator,
  CalendarCheck,
  ClipboardCheck,
  Contact,
  DatabaseBackup,
  FileCheck2,
  FileSpreadsheet,
  GraduationCap,
  HandCoins,
  History,
  KeyRound,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  Plane,
  Receipt,
  RotateCcw,
  Scale,
  Settings,
  Shield,
  Stethoscope,
  Store,
  Undo2,
  UserCog,
  Users,
  UsersRound,
  Wrench,
} from 'lucide-react'

/** The sidebar of spec part 1 §2: label, path segment, icon, and whether employees get it. */
export interface NavItem {
  label: string
  segment: string
  icon: LucideIcon
  adminOnly?: boolean
}

/** A record screen is admin-only when its spec lets only admins view the record type. */
const adminView = (spec: RecordSpec) => spec.access.view === 'admin'

export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', segment: 'dashboard', icon: LayoutDashboard },
  { label: 'Tickets', segment: 'tickets', icon: Plane },
  { label: 'Umrah', segment: 'umrah', icon: Building2 },
  { label: 'Visa', segment: 'visa', icon: FileCheck2 },
  { label: 'Gamca Token', segment: 'gamcaToken', icon: Stethoscope },
  { label: 'Navtcc', segment: 'navtcc', icon: GraduationCap },
  { label: 'Services', segment: 'services', icon: Wrench },
  { label: 'Protector', segment: 'protector', icon: Shield },
  { label: 'Expense', segment: 'expense', icon: Receipt },
  { label: 'Refunded MCB', segment: 'refunded', icon: RotateCcw },
  { label: 'Refund Customer', segment: 'refundCustomer', icon: Undo2 },
  {
    label: 'Office Accounts',
    segment: 'officeAccount',
    icon: Banknote,
    adminOnly: adminView(RECORD_SPECS.account_entries),
  },
  { label: 'Trial Balance', segment: 'trialBalance', icon: Scale, adminOnly: true },
  { label: 'Bank Reconciliation', segment: 'bankReconciliation', icon: Landmark, adminOnly: true },
  // Issue 24: staff count the drawer at the day's end; admins close the month.
  { label: 'Cash Count', segment: 'cashCount', icon: Calculator },
  { label: 'Month End', segment: 'monthEnd', icon: CalendarCheck, adminOnly: true },
  { label: 'Vender', segment: 'vender', icon: Store, adminOnly: adminView(RECORD_SPECS.vender_entries) },
  { label: 'Agent', segment: 'agent', icon: Users },
  { label: 'Customers', segment: 'customers', icon: Contact },
  { label: 'Passengers', segment: 'passengers', icon: BookUser },
  { label: 'Statements', segment: 'statements', icon: FileSpreadsheet },
  { label: 'To Collect', segment: 'toCollect', icon: HandCoins },
  { label: 'Reports', segment: 'reports', icon: BarChart3, adminOnly: true },
  { label: 'Employees', segment: 'employee', icon: UserCog, adminOnly: true },
  { label: 'Users', segment: 'users', icon: UsersRound, adminOnly: true },
  { label: 'Corrections', segment: 'corrections', icon: ClipboardCheck },
  { label: 'Activity', segment: 'activity', icon: History, adminOnly: true },
  { label: 'Backups', segment: 'backups', icon: DatabaseBackup, adminOnly: true },
  { label: 'Settings', segment: 'settings', icon: Settings, adminOnly: true },
  { label: 'My Account', segment: 'account', icon: KeyRound },
]

export const navPath = (segment: string, admin: boolean) => (admin ? `/admin/${segment}` : `/${segment}`)
