/** Option lists fixed by the spec. Bank accounts are data (the banks table), not listed here. */
export const TITLES = ['Mr', 'Mrs', 'Ms', 'Dr'] as const
export const TICKET_DOCUMENT_TYPES = ['Passport', 'National ID'] as const
export const DOCUMENT_TYPES = ['Passport'] as const
export const VISA_TYPES = ['NAVTTC', 'VISIT VISA', 'WORK VISA', 'E-PROTECTOR', 'OTHERS'] as const
export const EXPENSE_TYPES = [
  'UTILITY BILL',
  'EMPLOYEE',
  'REFUND TO CUSTOMER',
  'OFFICE EXPENSE',
  'OWNER RECEIVING',
  'OTHER',
] as const

export const ROLES = ['admin', 'employee'] as const
export type Role = (typeof ROLES)[number]
