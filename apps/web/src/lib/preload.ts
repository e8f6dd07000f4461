import { type ComponentType, lazy } from 'react'

type Loader = () => Promise<{ default: ComponentType }>

const loaded = new Map<Loader, { default: ComponentType }>()

/** Fetches a lazy screen's module ahead of time (e.g. while the user types the password). */
export const preload = (load: Loader) =>
  load().then((m) => {
    loaded.set(load, m)
    return m
  })

let afterSignIn: Loader[] = []

/** The screens the app opens after sign-in (set by the app, which knows them; components don't). */
export const setSignInScreens = (loaders: Loader[]) => {
  afterSignIn = loaders
}

/** Fetches what the first signed-in screen needs, e.g. while the user types the password. */
export const preloadSignInScreens = () => Promise.all(afterSignIn.map(preload))

/**
 * React.lazy that renders at once when `preload` already has the module: React reads a thenable
 * that settles synchronously without suspending, so no "Loading..." fallback is committed and
 * React's throttled reveal of a suspended boundary (about 300 ms) is not paid after sign-in.
 */
export const lazyPreloaded = (load: Loader) =>
  lazy(() => {
    const module = loaded.get(load)
    if (!module) return preload(load)
    return {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that settles at once is the point here.
      then: (ok: (m: { default: ComponentType }) => void) => ok(module),
    } as unknown as ReturnType<Loader>
  })
