// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Column, DataTable } from './data-table.tsx'

interface Row {
  id: number
  name: string | null
  amount: number | null
  date: string | null
}

const columns: Column<Row>[] = [
  { key: 'name', header: 'Name' },
  { key: 'amount', header: 'Amount', format: 'amount' },
  { key: 'date', header: 'Date', format: 'date' },
]

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]).getAllByRole('row')

afterEach(cleanup)

describe('DataTable', () => {
  it('shows "No data available" when empty, or the given empty text', () => {
    const { rerender } = render(<DataTable columns={columns} rows={[]} rowKey={(r) => r.id} />)
    expect(screen.getByText('No data available')).toBeTruthy()
    rerender(
      <DataTable columns={columns} rows={[]} rowKey={(r) => r.id} emptyText="No pending user approvals" />,
    )
    expect(screen.getByText('No pending user approvals')).toBeTruthy()
  })

  it('shows "-" for empty cells and formats amounts and dates', () => {
    render(
      <DataTable
        columns={columns}
        rows={[
          { id: 1, name: 'Ali', amount: 1234567.5, date: '2026-03-04' },
          { id: 2, name: '', amount: null, date: '0000-00-00' },
        ]}
        rowKey={(r) => r.id}
      />,
    )
    const [first, second] = bodyRows()
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ali', '1,234,567.50', '04/03/2026'])
    expect(
      within(second)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['-', '-', '-'])
  })

  it("names an amount column's currency: the rows' one in the header, else each cell its own (decision 151)", () => {
    type Sold = { id: number; amount: number; currency?: string }
    const sold: Column<Sold>[] = [
      { key: 'amount', header: 'Remaining', format: 'amount', currencyOf: (r) => r.currency },
    ]
    const { rerender } = render(
      <DataTable columns={sold} rows={[{ id: 1, amount: 800, currency: 'SAR' }]} rowKey={(r) => r.id} />,
    )
    expect(screen.getByRole('columnheader').textContent).toBe('Remaining (SAR)')
    expect(within(bodyRows()[0]).getByRole('cell').textContent).toBe('800')
    rerender(
      <DataTable
        columns={sold}
        rows={[
          { id: 1, amount: 800, currency: 'SAR' },
          { id: 2, amount: 1000 },
        ]}
        rowKey={(r) => r.id}
      />,
    )
    expect(screen.getByRole('columnheader').textContent).toBe('Remaining')
    expect(bodyRows().map((r) => within(r).getByRole('cell').textContent)).toEqual(['SAR 800', 'Rs 1,000'])
  })

  it('sorts by a header click: ascending, descending, then unsorted', () => {
    const rows: Row[] = [
      { id: 1, name: 'Bilal', amount: 30, date: null },
      { id: 2, name: 'Ahmed', amount: 100, date: null },
      { id: 3, name: 'Zara', amount: 5, date: null },
    ]
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} />)
    const names = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0].textContent)
    expect(names()).toEqual(['Bilal', 'Ahmed', 'Zara'])
    fireEvent.click(screen.getByRole('button', { name: /Amount/ }))
    expect(names()).toEqual(['Zara', 'Bilal', 'Ahmed'])
    expect(screen.getByRole('columnheader', { name: /Amount/ }).getAttribute('aria-sort')).toBe('ascending')
    fireEvent.click(screen.getByRole('button', { name: /Amount/ }))
    expect(names()).toEqual(['Ahmed', 'Bilal', 'Zara'])
    fireEvent.click(screen.getByRole('button', { name: /Amount/ }))
    expect(names()).toEqual(['Bilal', 'Ahmed', 'Zara'])
    fireEvent.click(screen.getByRole('button', { name: /Name/ }))
    expect(names()).toEqual(['Ahmed', 'Bilal', 'Zara'])
  })

  it('renders only a window of rows for 5,000 rows', () => {
    // jsdom has no layout: give the scroll box a real height so the virtualizer has a viewport.
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600)
    const width = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000)
    const rows = Array.from({ length: 5000 }, (_, i) => ({ id: i, name: `n${i}`, amount: i, date: null }))
    render(<DataTable columns={columns} rows={rows} rowKey={(r) => r.id} />)
    const rendered = bodyRows().filter((r) => r.getAttribute('aria-hidden') !== 'true')
    expect(rendered.length).toBeGreaterThan(0)
    expect(rendered.length).toBeLessThan(200)
    expect(screen.getByText('n0')).toBeTruthy()
    expect(screen.queryByText('n4999')).toBeNull()
    height.mockRestore()
    width.mockRestore()
  })
})
