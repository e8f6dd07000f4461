// @vitest-environment jsdom
import { BANK_TITLE_REQUIRED, businessToday, formatDate, OVERPAID_PAYMENT } from '@booking/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ReceivePaymentButton, ReceivePaymentDialog, ReceivePaymentHost } from './receive-payment.tsx'

const auth = vi.hoisted(() => ({ admin: false }))
vi.mock('../lib/auth.tsx', () => ({ useIsAdmin: () => auth.admin }))
const toasts = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('sonner', () => ({ toast: toasts }))

const BANKS = [
  { id: 1, name: 'UBL Account 1', active: true },
  { id: 2, name: 'HBL Account 1', active: true },
]
const PAID = {
  id: 7,
  receipt_no: 'Receipt 3',
  source_type: 'ticket',
  source_id: 5,
  date: '2026-11-20',
  amount: 2500,
  method: 'bank',
  bank_title: 'HBL Account 1',
  note: 'first part',
  employee: 'admin',
  created_by: 1,
  created_at: '2026-11-20T10:00:00Z',
}

type Call = { method: string; url: string; body: unknown }
let calls: Call[]
/** The POST /payments answer of the test (default: a 201 with receipt "Receipt 4"). */
let postAnswer: () => Response

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })

beforeEach(() => {
  calls = []
  auth.admin = false
  postAnswer = () =>
    json(201, { status: 'success', message: 'ok', payment: { ...PAID, receipt_no: 'Receipt 4' } })
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input)
    const method = init?.method ?? 'GET'
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined })
    if (url.startsWith('/api/banks')) return json(200, { banks: BANKS })
    if (method === 'GET' && url.startsWith('/api/payments')) return json(200, { payments: [PAID] })
    if (method === 'POST' && url === '/api/payments') return postAnswer()
    if (method === 'DELETE') return json(200, { status: 'success' })
    return json(404, { status: 'error', message: 'not found' })
  })
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  toasts.success.mockReset()
})

const show = (remaining = 10_000, onClose = vi.fn()) => {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ReceivePaymentDialog
        source="ticket"
        id={5}
        remaining={remaining}
        subject="Ticket 5/9 · Ali Khan"
        onClose={onClose}
      />
    </QueryClientProvider>,
  )
  return onClose
}

const posts = () => calls.filter((c) => c.method === 'POST')
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Receive Payment' }))
  })
}

describe('Receive Payment dialog', () => {
  it('starts on cash, today (dd/mm/yyyy) and the whole remaining amount', async () => {
    show(10_000)
    expect((screen.getByLabelText('Received In') as HTMLSelectElement).value).toBe('cash')
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe(formatDate(businessToday()))
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('10000')
    expect(screen.getByTestId('payment-subject').textContent).toBe('Ticket 5/9 · Ali Khan')
    // No bank select until Bank is chosen.
    expect(screen.queryByLabelText('Bank Title')).toBeNull()
  })

  it('refuses more than the remaining on the Amount field and sends nothing', async () => {
    show(10_000)
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '10000.01' } })
    await submit()
    const amount = screen.getByLabelText('Amount')
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText(`${OVERPAID_PAYMENT} (Rs 10,000)`)).toBeTruthy()
    expect(posts()).toHaveLength(0)
  })

  it('shows an overpayment beside the other messages in one submit', async () => {
    show(10_000)
    fireEvent.change(screen.getByLabelText('Received In'), { target: { value: 'bank' } })
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '20000' } })
    await submit()
    expect(await screen.findByText(BANK_TITLE_REQUIRED)).toBeTruthy()
    expect(screen.getByText(`${OVERPAID_PAYMENT} (Rs 10,000)`)).toBeTruthy()
    expect(posts()).toHaveLength(0)
  })

  it('asks for an amount above 0', async () => {
    show(10_000)
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '' } })
    await submit()
    expect(await screen.findByText('Amount is required')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0' } })
    await submit()
    expect(await screen.findByText('Amount must be more than 0')).toBeTruthy()
    expect(posts()).toHaveLength(0)
  })

  it('needs a bank when the money went into a bank, then sends it', async () => {
    const onClose = show(10_000)
    fireEvent.change(screen.getByLabelText('Received In'), { target: { value: 'bank' } })
    const bank = await screen.findByLabelText('Bank Title')
    await submit()
    expect(await screen.findByText(BANK_TITLE_REQUIRED)).toBeTruthy()
    expect(posts()).toHaveLength(0)

    await screen.findByRole('option', { name: 'UBL Account 1' })
    fireEvent.change(bank, { target: { value: 'UBL Account 1' } })
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '4000' } })
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'balance by transfer' } })
    await submit()
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(posts()[0]?.body).toMatchObject({
      source_type: 'ticket',
      source_id: 5,
      method: 'bank',
      bank_title: 'UBL Account 1',
      amount: 4000,
      date: businessToday(),
      note: 'balance by transfer',
    })
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(toasts.success).toHaveBeenCalledWith('Payment received: Receipt 4')
  })

  it('on a sale in riyals takes rupees, saying what they settle at the rate (decision 152)', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ReceivePaymentDialog
          source="umrah"
          id={5}
          remaining={2500}
          subject="1/1 · Rana Family"
          currency="SAR"
          onClose={vi.fn()}
        />
      </QueryClientProvider>,
    )
    fireEvent.change(screen.getByLabelText('Paid In'), { target: { value: 'PKR' } })
    // More rupees than the riyals left: the rate decides, so the dialog does not refuse it.
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '190000' } })
    fireEvent.change(screen.getByLabelText('Rate (Rs per 1 SAR)'), { target: { value: '76' } })
    expect(await screen.findByText(/Rs 190,000(\.00)? settles SAR 2,500/)).toBeTruthy()
    await submit()
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(posts()[0]?.body).toMatchObject({ currency: 'PKR', amount: 190000, rate: 76 })
  })

  it('shows the server refusing an overpayment on the Amount field', async () => {
    postAnswer = () => json(400, { status: 'error', message: OVERPAID_PAYMENT })
    const onClose = show(10_000)
    await submit()
    const amount = screen.getByLabelText('Amount')
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByText(OVERPAID_PAYMENT)).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
  })

  it("lists the record's payments; only an admin gets Delete, behind the confirmation", async () => {
    show(10_000)
    const scope = within(await screen.findByRole('region', { name: 'Payments table' }))
    expect(await scope.findByText('Receipt 3')).toBeTruthy()
    expect(scope.getByText('20/11/2026')).toBeTruthy()
    expect(scope.getByText('2,500')).toBeTruthy()
    expect(scope.getByText('first part')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Delete payment Receipt 3' })).toBeNull()
    cleanup()

    auth.admin = true
    show(10_000)
    fireEvent.click(await screen.findByRole('button', { name: 'Delete payment Receipt 3' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete Confirmation' })
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }))
    })
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/payments/7')).toBe(true),
    )
  })

  it('gives every payment a Receipt button, for staff too, that downloads its receipt PDF', async () => {
    const created = vi.fn(() => 'blob:receipt')
    const revoked = vi.fn()
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked })
    show(10_000)
    const button = await screen.findByRole('button', { name: 'Receipt Receipt 3' })
    await act(async () => {
      fireEvent.click(button)
    })
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.url === '/api/payments/7/receipt.pdf')).toBe(true),
    )
    await waitFor(() => expect(created).toHaveBeenCalled())
  })

  it('is offered only on a record that still owes, and opens the dialog for it', () => {
    const client = new QueryClient()
    const { rerender } = render(
      <QueryClientProvider client={client}>
        <ReceivePaymentButton source="umrah" id={1} remaining={0} subject="Umrah 1/1" />
      </QueryClientProvider>,
    )
    expect(screen.queryByRole('button', { name: 'Receive Payment' })).toBeNull()
    rerender(
      <QueryClientProvider client={client}>
        <ReceivePaymentButton source="umrah" id={1} remaining={0.01} subject="Umrah 1/1" />
        <ReceivePaymentHost />
      </QueryClientProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Receive Payment' }))
    // The host shows the dialog for that record, with what it still owes.
    const dialog = screen.getByRole('dialog', { name: 'Receive Payment' })
    expect(within(dialog).getByTestId('payment-subject').textContent).toBe('Umrah 1/1')
    expect((within(dialog).getByLabelText('Amount') as HTMLInputElement).value).toBe('0.01')
  })
})
