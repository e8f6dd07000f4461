/** The trial balance and the books check live in the books module (issue 21); this keeps the reports' imports. */
export { booksCheck, cashInOffice, trialBalance } from '../../../books/trial-balance.ts'
