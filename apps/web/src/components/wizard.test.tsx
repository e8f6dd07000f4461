// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { firstErrorStep } from '../lib/use-wizard-steps.ts'
import { stepState, Wizard } from './wizard.tsx'

const STEPS = ['Basic Info', 'Passport Details', 'Payment Details'] as const

const Harness = ({
  onSubmit,
  onCancel = () => {},
  editing = false,
  start = 0,
}: {
  onSubmit: () => void
  onCancel?: () => void
  editing?: boolean
  start?: number
}) => {
  const [step, setStep] = useState(start)
  return (
    <Wizard
      title="New Umrah Booking"
      steps={STEPS}
      current={step}
      onStepChange={setStep}
      onSubmit={(e) => {
        e.preventDefault()
        onSubmit()
      }}
      onCancel={onCancel}
      editing={editing}
    >
      <label htmlFor={`f${step}`}>Field {step}</label>
      <input id={`f${step}`} key={step} />
    </Wizard>
  )
}

const states = () => STEPS.map((s) => screen.getByRole('button', { name: new RegExp(s) }).dataset.state)

afterEach(cleanup)

describe('Wizard', () => {
  it('after Next and Back the new step’s first field has the focus (issue 23.7)', () => {
    render(<Harness onSubmit={() => {}} />)
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(document.activeElement).toBe(screen.getByLabelText('Field 1'))
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(document.activeElement).toBe(screen.getByLabelText('Field 2'))
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(document.activeElement).toBe(screen.getByLabelText('Field 1'))
  })

  it('marks steps done, active and pending, and indicators jump between steps', () => {
    render(<Harness onSubmit={() => {}} />)
    expect(screen.getByRole('heading', { name: 'New Umrah Booking' })).toBeTruthy()
    expect(states()).toEqual(['active', 'pending', 'pending'])
    fireEvent.click(screen.getByRole('button', { name: /Payment Details/ }))
    expect(states()).toEqual(['done', 'done', 'active'])
    expect(screen.getByRole('button', { name: /Payment Details/ }).getAttribute('aria-current')).toBe('step')
    fireEvent.click(screen.getByRole('button', { name: /Basic Info/ }))
    expect(states()).toEqual(['active', 'pending', 'pending'])
  })

  it('Back, Next and Cancel; Submit only on the last step', () => {
    const onSubmit = vi.fn()
    const onCancel = vi.fn()
    render(<Harness onSubmit={onSubmit} onCancel={onCancel} />)
    expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(states()).toEqual(['done', 'active', 'pending'])
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(states()).toEqual(['active', 'pending', 'pending'])
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull()
    expect(onSubmit).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }))
    expect(onSubmit).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('Enter (a form submit) on an earlier step moves to the next step instead of submitting', () => {
    const onSubmit = vi.fn()
    render(<Harness onSubmit={onSubmit} />)
    const form = screen.getByLabelText('Field 0').closest('form')!
    fireEvent.submit(form)
    expect(states()).toEqual(['done', 'active', 'pending'])
    fireEvent.submit(form)
    expect(states()).toEqual(['done', 'done', 'active'])
    expect(onSubmit).not.toHaveBeenCalled()
    fireEvent.submit(form)
    expect(onSubmit).toHaveBeenCalledTimes(1)
  })

  it('reads Update when editing', () => {
    render(<Harness onSubmit={() => {}} editing start={2} />)
    expect(screen.getByRole('button', { name: 'Update' })).toBeTruthy()
  })

  it('stepState and firstErrorStep', () => {
    expect([0, 1, 2].map((i) => stepState(i, 1))).toEqual(['done', 'active', 'pending'])
    expect(stepState(0, 1, true)).toBe('invalid')
    expect(stepState(1, 1, true)).toBe('active')
    const fields = [['name'], ['passport_detail.0.title'], ['paid_cash']]
    const failed = ['paid_cash', 'passport_detail.0.title']
    expect(firstErrorStep(fields, (f) => failed.includes(f))).toBe(1)
    expect(firstErrorStep(fields, () => false)).toBeNull()
  })
})
