import { RECORD_SPECS } from '@booking/shared'
import { Building2 } from 'lucide-react'
import { recordFeature } from '../../lib/feature.ts'

export const umrahFeature = recordFeature(RECORD_SPECS.umrah, {
  icon: Building2,
  page: () => import('./page.tsx'),
})
