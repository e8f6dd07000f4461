// @vitest-environment jsdom
import { zodResolver } from '@hookform/resolvers/zod'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { FormProvider, useForm } from 'react-hook-form'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Field, ReadOnlyField, shownMessage } from './field.tsx'

const schema = z.object({
  sector: z.string().min(1, 'Sector is required'),
  airline: z.string().min(1, 'Airline is required'),
  title: z.string().min(1, 'Title is required'),
})

const Form = ({ children }: { children: ReactNode }) => {
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { sector: '', airline: '', title: '' },
  })
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(() => {})} noValidate>
        {children}
        <button type="submit">Submit</button>
      </form>
    </FormProvider>
  )
}

afterEach(cleanup)

describe('Field', () => {
  it('shows its error in red under the field only after it is touched', async () => {
    render(
      <Form>
        <Field name="sector" label="Sector" />
        <Field name="airline" label="Airline" />
      </Form>,
    )
    const sector = screen.getByLabelText('Sector')
    expect(screen.queryByText('Sector is required')).toBeNull()
    await act(async () => {
      fireEvent.focus(sector)
      fireEvent.blur(sector)
    })
    const error = await screen.findByText('Sector is required')
    expect(error.className).toContain('text-red-600')
    expect(sector.getAttribute('aria-invalid')).toBe('true')
    expect(sector.getAttribute('aria-describedby')).toBe(error.id)
    // The sibling error follows its own field, not the label before it.
    expect(sector.parentElement?.lastElementChild).toBe(error)
    expect(screen.queryByText('Airline is required')).toBeNull()
    fireEvent.change(sector, { target: { value: 'LHE-DXB' } })
    await waitFor(() => expect(screen.queryByText('Sector is required')).toBeNull())
  })

  it('shows every error after a submit', async () => {
    render(
      <Form>
        <Field name="sector" label="Sector" />
        <Field name="title" label="Title" type="select" options={['Mr', 'Mrs']} />
      </Form>,
    )
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })))
    expect(await screen.findByText('Sector is required')).toBeTruthy()
    expect(screen.getByText('Title is required')).toBeTruthy()
    expect(screen.getByRole('option', { name: 'Select Title' })).toBeTruthy()
  })

  it('a field the form focused says nothing on leaving it untouched; its label names a required customer', async () => {
    render(
      <Form>
        <Field name="title" label="Title" type="select" options={['Mr', 'Mrs']} autoFocus />
        <Field name="sector" label="Sector" />
      </Form>,
    )
    const title = screen.getByLabelText('Title')
    await act(async () => {
      fireEvent.focus(title)
      fireEvent.blur(title)
    })
    expect(screen.queryByText('Title is required')).toBeNull()
    await act(async () => {
      fireEvent.keyDown(title, { key: 'Tab' })
      fireEvent.blur(title)
    })
    expect(await screen.findByText('Title is required')).toBeTruthy()
    expect(shownMessage('Customer Address is required', 'Customer')).toBe('Customer is required')
    expect(shownMessage('Travel Date is required', 'Depart Date')).toBe('Depart Date is required')
    expect(shownMessage('Sector is required', 'Route')).toBe('Sector is required')
  })

  it('ReadOnlyField is labelled and read-only', () => {
    render(<ReadOnlyField label="Entry" value="Ticket 3/9" />)
    const input = screen.getByLabelText('Entry') as HTMLInputElement
    expect(input.value).toBe('Ticket 3/9')
    expect(input.readOnly).toBe(true)
  })

  it('a computed amount shows the currency label beside its figure', () => {
    render(<ReadOnlyField money label="Remaining Amount" value="1,500" />)
    const input = screen.getByLabelText('Remaining Amount') as HTMLInputElement
    expect(input.value).toBe('1,500')
    expect(input.parentElement?.textContent).toBe('Rs')
  })
})
