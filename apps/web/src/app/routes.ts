import { createElement } from 'react'
import { NAV_ITEMS } from '../config/nav.ts'
import { FEATURES } from '../features/index.ts'
import type { PageModule } from '../lib/feature.ts'

/** The signed-in layout (header, sidebar, Add Customer with its schema), not shipped with /login. */
export const loadAppLayout = (): PageModule =>
  import('../components/layout/app-layout.tsx').then((m) => ({
    default: () => createElement(m.AppLayout, { nav: NAV_ITEMS }),
  }))

/**
 * Each area's screen, loaded on first visit so the login page ships little JavaScript: the
 * features' descriptors (features/index.ts), keyed by path segment, with the screens under them.
 */
export const PAGES: Record<string, () => PageModule> = Object.fromEntries(
  FEATURES.flatMap((f) => [[f.segment, f.page] as const, ...Object.entries(f.more ?? {})]),
)

/** Paths only admins reach (under /admin): the sidebar's admin-only items. */
export const ADMIN_ONLY = new Set(NAV_ITEMS.filter((item) => item.adminOnly).map((item) => item.segment))

/** Paths only employees reach: the spec gives the /bookings placeholder to the employee shell only. */
export const EMPLOYEE_ONLY = new Set(['bookings'])
