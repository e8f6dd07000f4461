/**
 * How the tests' bank statement CSVs name their columns (the HBL-style layout: Txn Date,
 * Description, Cheque No, Debit, Credit, Balance), as the import screen's mapping sends it. One
 * copy, so a change to the mapping's fields is made once for every test that imports a statement.
 */
export const DEBIT_CREDIT_MAPPING = {
  date: 'Txn Date',
  date_format: 'dd/mm/yyyy',
  narration: 'Description',
  reference: 'Cheque No',
  amount_style: 'debit_credit',
  debit: 'Debit',
  credit: 'Credit',
  balance: 'Balance',
}

/** The same layout without its Balance column (the CSVs the worker and import-chunk tests build). */
const { balance: _balance, ...withoutBalance } = DEBIT_CREDIT_MAPPING
export const NO_BALANCE_MAPPING = withoutBalance
