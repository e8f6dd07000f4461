import { RECORD_SPECS } from '@booking/shared'
import { Store } from 'lucide-react'
import { recordFeature } from '../../lib/feature.ts'

export const vendorFeature = recordFeature(RECORD_SPECS.vender_entries, {
  icon: Store,
  page: () => import('./page.tsx'),
})
