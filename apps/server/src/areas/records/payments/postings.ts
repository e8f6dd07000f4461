import { bankAccount, CASH, type Move, move } from '../../../books/index.ts'

/**
 * A later payment (decision 021): the money comes into cash or the named bank and pays part of
 * what the record's agent or customer owes (Dr cash / bank, Cr party).
 */
export const paymentMoves = (p: { party: string; bank: string; amount: number }): Move[] =>
  move(p.bank ? bankAccount(p.bank) : CASH, p.party, p.amount)
