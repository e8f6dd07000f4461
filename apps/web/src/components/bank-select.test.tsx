// @vitest-environment jsdom
import { AgentInput, BANK_TITLE_REQUIRED, VENDOR_CASH, VisaInput } from '@booking/shared'
import { zodResolver } from '@hookform/resolvers/zod'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import { BankSelect } from './bank-select.tsx'
import { Field } from './field.tsx'

const BANKS = [
  { id: 1, name: 'UBL Account 1', active: true },
  { id: 2, name: 'Old Bank', active: false },
]

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () => new Response(JSON.stringify({ banks: BANKS }), { status: 200 }),
  )
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** A form on a shared schema, as the record forms use them; `saved` gets what would be sent. */
const Form = ({
  schema,
  defaults,
  saved,
  children,
}: {
  schema: z.ZodType
  defaults: Record<string, unknown>
  saved: (v: unknown) => void
  children: ReactNode
}) => {
  const form = useForm<Record<string, unknown>>({
    resolver: zodResolver(schema as z.ZodType<Record<string, unknown>, Record<string, unknown>>),
    mode: 'onTouched',
    defaultValues: defaults,
  })
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(saved)} noValidate>
        {children}
        <button type="submit">Submit</button>
      </form>
    </FormProvider>
  )
}

const show = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  )

const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
  })

const visa = (saved: (v: unknown) => void) =>
  show(
    <Form
      schema={VisaInput}
      defaults={{ employee_name: 'admin', receivable_amount: 50000, paid_in_bank: '', bank_title: '' }}
      saved={saved}
    >
      <Field name="paid_in_bank" label="Paid In Bank" type="number" />
      <BankSelect name="bank_title" />
    </Form>,
  )

describe('BankSelect', () => {
  it('offers the active banks by name', async () => {
    visa(() => {})
    await screen.findByRole('option', { name: 'UBL Account 1' })
    const names = Array.from((screen.getByLabelText('Bank Title') as HTMLSelectElement).options).map(
      (o) => o.text,
    )
    expect(names).toEqual(['Select Bank Title', 'UBL Account 1'])
  })

  it('is required only when the bank amount is above 0 (the shared schema rule)', async () => {
    const saved = vi.fn()
    visa(saved)
    await screen.findByRole('option', { name: 'UBL Account 1' })
    // No bank money: no bank needed.
    await submit()
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1))
    expect(screen.queryByText(BANK_TITLE_REQUIRED)).toBeNull()

    fireEvent.change(screen.getByLabelText('Paid In Bank'), { target: { value: '25000' } })
    await submit()
    const bank = screen.getByLabelText('Bank Title')
    expect(await screen.findByText(BANK_TITLE_REQUIRED)).toBeTruthy()
    expect(bank.getAttribute('aria-invalid')).toBe('true')
    expect(saved).toHaveBeenCalledTimes(1)

    fireEvent.change(bank, { target: { value: 'UBL Account 1' } })
    await submit()
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(2))
    expect(saved.mock.calls[1]?.[0]).toMatchObject({ paid_in_bank: 25000, bank_title: 'UBL Account 1' })
  })

  it("keeps an edited record's bank that is no longer active", async () => {
    show(
      <Form schema={VisaInput} defaults={{ employee_name: 'a', bank_title: 'Old Bank' }} saved={() => {}}>
        <BankSelect name="bank_title" current="Old Bank" />
      </Form>,
    )
    await screen.findByRole('option', { name: 'UBL Account 1' })
    expect((screen.getByLabelText('Bank Title') as HTMLSelectElement).value).toBe('Old Bank')
  })

  it('an agent entry needs the bank of its Paid Bank', async () => {
    const saved = vi.fn()
    show(
      <Form
        schema={AgentInput}
        defaults={{ agent_name: 'Ali', date: '2026-11-24', credit: 40000, paid_bank: 40000, bank_title: '' }}
        saved={saved}
      >
        <BankSelect name="bank_title" />
      </Form>,
    )
    await screen.findByRole('option', { name: 'UBL Account 1' })
    await submit()
    expect(await screen.findByText(BANK_TITLE_REQUIRED)).toBeTruthy()
    expect(saved).not.toHaveBeenCalled()
  })

  it('a vendor payment chooses Cash or a bank', async () => {
    show(
      <Form schema={VisaInput} defaults={{ employee_name: 'a', bank_title: '' }} saved={() => {}}>
        <BankSelect name="bank_title" cash={VENDOR_CASH} placeholder="Select Cash or Bank" />
      </Form>,
    )
    await screen.findByRole('option', { name: 'UBL Account 1' })
    const names = Array.from((screen.getByLabelText('Bank Title') as HTMLSelectElement).options).map(
      (o) => o.text,
    )
    expect(names).toEqual(['Select Cash or Bank', VENDOR_CASH, 'UBL Account 1'])
  })
})
