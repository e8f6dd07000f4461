import { describe, expect, it } from 'vitest'
import { PAGES } from '../app/routes.ts'
import { NAV_ITEMS } from './nav.ts'

describe('the sidebar and pages read from the features', () => {
  it('lists the spec sidebar in order, admin-only where the spec says', () => {
    expect(NAV_ITEMS.map((i) => `${i.label}|${i.segment}${i.adminOnly ? '|admin' : ''}`)).toEqual([
      'Dashboard|dashboard',
      'Tickets|tickets',
      'Umrah|umrah',
      'Visa|visa',
      'Gamca Token|gamcaToken',
      'Navtcc|navtcc',
      'Services|services',
      'Protector|protector',
      'Expense|expense',
      'Refunded MCB|refunded',
      'Refund Customer|refundCustomer',
      'Office Accounts|officeAccount|admin',
      'Trial Balance|trialBalance|admin',
      'Bank Reconciliation|bankReconciliation|admin',
      'Cash Count|cashCount',
      'Rates|rates',
      'Month End|monthEnd|admin',
      'Vender|vender|admin',
      'Agent|agent',
      'Customers|customers',
      'Passengers|passengers',
      'Statements|statements',
      'To Collect|toCollect',
      'Deposits to check|deposits',
      'Booking requests|bookingRequests',
      'Reports|reports|admin',
      'Tax|tax|admin',
      'Employees|employee|admin',
      'Users|users|admin',
      'Corrections|corrections',
      'Activity|activity|admin',
      'Backups|backups|admin',
      'Settings|settings|admin',
      'My Account|account',
    ])
  })

  it('has a page for every sidebar line and the screens reached by links', () => {
    for (const item of NAV_ITEMS) expect(PAGES[item.segment], item.segment).toBeTypeOf('function')
    for (const s of ['bookings', 'receipt', 'invoice', 'customers/:id', 'passengers/:passport'])
      expect(PAGES[s], s).toBeTypeOf('function')
  })
})
