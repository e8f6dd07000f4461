// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Reconciliation } from './api.ts'
import { ReconciliationSummary, sumAmounts } from './summary.tsx'

afterEach(cleanup)

const line = (id: number, amount: number, direction: 'in' | 'out') => ({
  id,
  import_id: 1,
  row: id + 1,
  date: '2026-11-02',
  narration: 'x',
  reference: '',
  amount,
  direction,
  balance: null,
  match_id: null,
  match_kind: null,
  confirmed: false,
})

const data = (difference: number): Reconciliation => ({
  bank: { id: 1, name: 'UBL Account 1' },
  as_of: '2026-11-30',
  start: '2026-11-01',
  book_balance: 1_234_567.5,
  statement_balance: 1_200_000,
  outstanding_deposits: [],
  outstanding_payments: [],
  unmatched_statement: [line(1, 0.1, 'in'), line(2, 0.2, 'in'), line(3, 250, 'out')],
  difference,
  opening: null,
})

describe('ReconciliationSummary', () => {
  it('shows the figures with separators and the unmatched money in minus out, to the paisa', () => {
    render(<ReconciliationSummary data={data(0)} />)
    expect(screen.getByTestId('book-balance').textContent).toBe('1,234,567.50')
    expect(screen.getByTestId('statement-balance').textContent).toBe('1,200,000')
    expect(screen.getByTestId('unmatched-statement').textContent).toBe('-249.70')
    expect(screen.getByTestId('difference').textContent).toBe('0')
    expect(screen.getByText('Every line is explained')).toBeTruthy()
  })

  it('marks a difference that is not 0 as lines still to explain', () => {
    render(<ReconciliationSummary data={data(-250)} />)
    expect(screen.getByTestId('difference').textContent).toBe('-250')
    expect(screen.getByText('Lines still to explain').parentElement?.className).toMatch(/red/)
  })

  it('says nothing is imported yet instead of a difference before any statement', () => {
    render(
      <ReconciliationSummary
        data={{ ...data(0), start: null, statement_balance: 0, unmatched_statement: [] }}
      />,
    )
    expect(screen.getByText('Nothing imported yet')).toBeTruthy()
    expect(screen.queryByTestId('difference')).toBeNull()
    expect(screen.queryByText('Every line is explained')).toBeNull()
  })

  it('adds rupee amounts in paisa (0.1 + 0.2 is 0.3)', () => {
    expect(sumAmounts([0.1, 0.2])).toBe(0.3)
  })
})
