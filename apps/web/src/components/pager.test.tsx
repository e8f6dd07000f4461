// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LoadMore } from './pager.tsx'

afterEach(cleanup)

describe('LoadMore', () => {
  it('says how many of how many are shown and asks for the next page', () => {
    const fetchNextPage = vi.fn()
    render(
      <LoadMore
        shown={1000}
        total={4210}
        noun="lines"
        pages={{ isFetchingNextPage: false, fetchNextPage }}
      />,
    )
    expect(screen.getByText('1,000 of 4,210 lines shown')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }))
    expect(fetchNextPage).toHaveBeenCalledTimes(1)
  })

  it('reads "Loading..." and is locked while the page comes', () => {
    const fetchNextPage = vi.fn()
    render(
      <LoadMore
        shown={200}
        total={900}
        noun="movements"
        pages={{ isFetchingNextPage: true, fetchNextPage }}
      />,
    )
    const button = screen.getByRole('button', { name: 'Loading...' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(screen.getByText('200 of 900 movements shown').closest('.no-print')).toBeTruthy()
  })
})
