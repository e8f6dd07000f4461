// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { lazyPreloaded, preload } from './preload.ts'

const screenModule = () => Promise.resolve({ default: () => <p>Dashboard figures</p> })

afterEach(cleanup)

describe('lazyPreloaded', () => {
  it('renders a preloaded screen in the first commit, without the fallback', async () => {
    const load = () => screenModule()
    await preload(load)
    const Screen = lazyPreloaded(load)
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Screen />
      </Suspense>,
    )
    expect(screen.queryByText('Loading...')).toBeNull()
    expect(screen.getByText('Dashboard figures')).toBeTruthy()
  })

  it('suspends, as React.lazy does, when nothing preloaded it', async () => {
    const load = () => screenModule()
    const Screen = lazyPreloaded(load)
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Screen />
      </Suspense>,
    )
    expect(screen.getByText('Loading...')).toBeTruthy()
    await act(async () => {
      await load()
    })
    expect(await screen.findByText('Dashboard figures')).toBeTruthy()
  })
})
