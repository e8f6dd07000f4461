// @vitest-environment jsdom

import { RECORD_SPECS } from '@booking/shared'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RecordList } from './record-list.tsx'

vi.mock('../lib/auth.tsx', () => ({
  useIsAdmin: () => false,
  useAuth: () => ({ user: { role: 'employee' } }),
}))

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Khan ${i + 1}` }))

const answer = (body: unknown) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(body), { status: 200 }))

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RecordList<{ id: number; name: string }>
        title="Protector"
        path="/protector"
        listKey="protectors"
        label="protector"
        deleteTexts={{ invalidId: 'x', failed: 'y' }}
        columns={[{ key: 'name', header: 'Name' }]}
        renderForm={() => null}
      />
    </QueryClientProvider>,
  )

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('RecordList totals', () => {
  it('shows an exact total', async () => {
    answer({ protectors: rows(50), total: 120 })
    show()
    expect(await screen.findByText('Showing 1–50 of 120')).toBeTruthy()
    expect((screen.getByText('Next page') as HTMLButtonElement).disabled).toBe(false)
  })

  it('shows "of 1,000+" for a search whose count was capped, and keeps paging', async () => {
    answer({ protectors: rows(50), total: 1001, totalCapped: true })
    show()
    expect(await screen.findByText('Showing 1–50 of 1,000+')).toBeTruthy()
    expect((screen.getByText('Next page') as HTMLButtonElement).disabled).toBe(false)
  })
})

describe('RecordList sort headers', () => {
  it("offers sorting only by the spec's sortable keys (anything else is a 400 from the server)", async () => {
    answer({ protectors: rows(3), total: 3 })
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RecordList<{ id: number; name: string; passenger: string }>
          title="Protector"
          spec={RECORD_SPECS.protectors}
          label="protector"
          deleteTexts={{ invalidId: 'x', failed: 'y' }}
          columns={[
            { key: 'name', header: 'Name' },
            { key: 'passenger', header: 'Passenger' },
          ]}
          renderForm={() => null}
        />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('Showing 1–3 of 3')).toBeTruthy()
    const header = (name: string) => screen.getByRole('columnheader', { name })
    expect(header('Name').querySelector('button')).not.toBeNull()
    expect(header('Passenger').querySelector('button')).toBeNull()
  })
})
