import type { RecordSpec } from '@booking/shared'
import { needsAdmin } from '@booking/shared'
import type { LucideIcon } from 'lucide-react'
import type { ComponentType } from 'react'

export type PageModule = Promise<{ default: ComponentType }>

/**
 * What a web feature tells the app about itself, once: its screen (the path segment and the page,
 * loaded on first visit), its sidebar line, and any screens under it ('customers/:id').
 * `features/index.ts` lists every descriptor; the router and the sidebar read only that list.
 */
export interface FeatureDescriptor {
  segment: string
  page: () => PageModule
  /** The sidebar line; a feature without one is reached by links only (the receipt screen). */
  nav?: { label: string; icon: LucideIcon; adminOnly?: boolean }
  /** Further screens of the feature, by path pattern. */
  more?: Record<string, () => PageModule>
}

/**
 * A record type's feature: its segment from the spec, admin-only in the sidebar when the spec lets
 * only admins view the type; the label is the spec's screen name unless the sidebar says otherwise.
 */
export const recordFeature = (
  spec: RecordSpec,
  f: { icon: LucideIcon; page: () => PageModule; label?: string },
): FeatureDescriptor => ({
  segment: spec.segment,
  page: f.page,
  nav: {
    label: f.label ?? spec.name,
    icon: f.icon,
    ...(needsAdmin('view', { access: spec.access }) ? { adminOnly: true } : {}),
  },
})
