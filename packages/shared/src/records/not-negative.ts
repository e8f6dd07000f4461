/** Money the Expense, Refunded and Services records hold is never below zero. */
export const NOT_NEGATIVE = { value: 0, message: 'Amount cannot be negative' }

/** The per-field minimum "{Label} cannot be negative" (Ticket, Umrah, Visa). */
export const notNegative = (label: string) => ({ value: 0, message: `${label} cannot be negative` })
