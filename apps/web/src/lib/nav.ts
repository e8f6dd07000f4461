import type { LucideIcon } from 'lucide-react'

/** The sidebar of spec part 1 §2: label, path segment, icon, and whether employees get it. */
export interface NavItem {
  label: string
  segment: string
  icon: LucideIcon
  adminOnly?: boolean
}

/** A screen's address: admins' screens live under /admin. */
export const navPath = (segment: string, admin: boolean) => (admin ? `/admin/${segment}` : `/${segment}`)
