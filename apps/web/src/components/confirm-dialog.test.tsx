// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from './confirm-dialog.tsx'

afterEach(cleanup)

describe('ConfirmDialog', () => {
  it('asks for a delete confirmation and calls back', () => {
    const onConfirm = vi.fn()
    const onCancel = vi.fn()
    render(<ConfirmDialog open onConfirm={onConfirm} onCancel={onCancel} />)
    expect(screen.getByRole('dialog', { name: 'Delete Confirmation' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })

  it('reads "Deleting..." and locks both buttons while busy', () => {
    const onCancel = vi.fn()
    render(
      <ConfirmDialog open busy onConfirm={() => {}} onCancel={onCancel} error="Failed to delete ticket." />,
    )
    const busy = screen.getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement
    expect(busy.disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    expect(onCancel).not.toHaveBeenCalled()
    expect(screen.getByRole('alert').textContent).toBe('Failed to delete ticket.')
  })

  it('names the record it deletes', () => {
    render(<ConfirmDialog open onConfirm={() => {}} onCancel={() => {}} subject="Ticket 3/7 · Ali Khan" />)
    expect(screen.getByTestId('delete-subject').textContent).toBe('Ticket 3/7 · Ali Khan')
  })

  it('renders nothing when closed', () => {
    render(<ConfirmDialog open={false} onConfirm={() => {}} onCancel={() => {}} />)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
