import type { LucideIcon } from 'lucide-react'
import { FEATURES } from '../features/index.ts'

/** The sidebar of spec part 1 §2: label, path segment, icon, and whether employees get it. */
export interface NavItem {
  label: string
  segment: string
  icon: LucideIcon
  adminOnly?: boolean
}

/** The sidebar, read from the features' descriptors (features/index.ts), in their order. */
export const NAV_ITEMS: NavItem[] = FEATURES.flatMap((f) => (f.nav ? [{ ...f.nav, segment: f.segment }] : []))

export const navPath = (segment: string, admin: boolean) => (admin ? `/admin/${segment}` : `/${segment}`)
