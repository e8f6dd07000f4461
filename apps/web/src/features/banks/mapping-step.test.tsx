// @vitest-environment jsdom
import type { StatementMapping } from '@booking/shared'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { blankMapping, fittingDateFormat, MappingStep } from './mapping-step.tsx'

afterEach(cleanup)

const ROWS = [
  ['HBL Internet Banking', '', ''],
  ['Value Date', 'Particulars', 'Amount', 'Running Balance'],
  ['01-Nov-26', 'IBFT FROM AL-NOOR', '15,000.00', '15,000.00'],
]

const optionsOf = (label: RegExp) =>
  Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => o.textContent)

describe('MappingStep', () => {
  it("offers the chosen heading row's cells and reports each choice", () => {
    const onChange = vi.fn()
    const mapping: StatementMapping = { ...blankMapping(), header_row: 2, amount_style: 'signed' }
    render(<MappingStep rows={ROWS} mapping={mapping} onChange={onChange} errors={{}} />)
    expect(optionsOf(/^Date column/)).toEqual([
      'Choose a column',
      'Value Date',
      'Particulars',
      'Amount',
      'Running Balance',
    ])
    // One signed amount: no debit or credit selects.
    expect(screen.queryByLabelText(/^Debit \(money out\) column/)).toBeNull()
    fireEvent.change(screen.getByLabelText(/^Signed amount column/), { target: { value: 'Amount' } })
    expect(onChange).toHaveBeenLastCalledWith({ ...mapping, amount: 'Amount' })
    fireEvent.change(screen.getByLabelText('Date format'), { target: { value: 'dd-MMM-yy' } })
    expect(onChange).toHaveBeenLastCalledWith({ ...mapping, date_format: 'dd-MMM-yy' })
    fireEvent.click(screen.getByLabelText('Debit and credit columns'))
    expect(onChange).toHaveBeenLastCalledWith({ ...mapping, amount_style: 'debit_credit' })
  })

  it("keeps a saved column the file lacks visible, and shows the server's field message", () => {
    const mapping: StatementMapping = { ...blankMapping(), header_row: 2, narration: 'Description' }
    render(
      <MappingStep
        rows={ROWS}
        mapping={mapping}
        onChange={() => {}}
        errors={{ debit: 'Choose the debit column' }}
      />,
    )
    expect(optionsOf(/^Narration column/)[1]).toBe('Description (not in this file)')
    expect((screen.getByLabelText(/^Narration column/) as HTMLSelectElement).value).toBe('Description')
    expect(screen.getByText('Choose the debit column')).toBeTruthy()
    expect(screen.getByLabelText(/^Debit \(money out\) column/).getAttribute('aria-invalid')).toBe('true')
  })

  it('picks the date format the first date cell reads in, keeping one that already reads it', () => {
    const m: StatementMapping = { ...blankMapping(), header_row: 2, date: 'Value Date' }
    expect(fittingDateFormat(ROWS, m)).toBe('dd-MMM-yy')
    expect(fittingDateFormat(ROWS, { ...m, date_format: 'dd-MMM-yy' })).toBe('dd-MMM-yy')
    const iso = [ROWS[1] as string[], ['2026-11-01', 'x', '1', '1']]
    expect(fittingDateFormat(iso, { ...m, header_row: 1 })).toBe('yyyy-mm-dd')
    // Nothing reads "soon": the format stays as chosen.
    expect(fittingDateFormat([ROWS[1] as string[], ['soon', 'x', '1', '1']], { ...m, header_row: 1 })).toBe(
      'dd/mm/yyyy',
    )
  })

  it('says how the first date reads in the chosen format', () => {
    const m: StatementMapping = { ...blankMapping(), header_row: 2, date: 'Value Date' }
    const { rerender } = render(<MappingStep rows={ROWS} mapping={m} onChange={() => {}} errors={{}} />)
    expect(screen.getByTestId('date-sample').textContent).toBe(
      'Row 3: "01-Nov-26" is not a date in this format',
    )
    rerender(
      <MappingStep
        rows={ROWS}
        mapping={{ ...m, date_format: 'dd-MMM-yy' }}
        onChange={() => {}}
        errors={{}}
      />,
    )
    expect(screen.getByTestId('date-sample').textContent).toBe('Row 3: "01-Nov-26" reads as 01/11/2026')
  })
})
