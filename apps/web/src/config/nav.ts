import { FEATURES } from '../features/index.ts'
import type { NavItem } from '../lib/nav.ts'

/** The sidebar, read from the features' descriptors (features/index.ts), in their order. */
export const NAV_ITEMS: NavItem[] = FEATURES.flatMap((f) => (f.nav ? [{ ...f.nav, segment: f.segment }] : []))
