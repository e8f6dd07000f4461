/** Money the Expense, Refunded and Services records hold is never below zero. */
export const NOT_NEGATIVE = { value: 0, message: 'Amount cannot be negative' }
