import { RECORD_SPECS } from '@booking/shared'
import { Shield } from 'lucide-react'
import { recordFeature } from '../../lib/feature.ts'

export const protectorFeature = recordFeature(RECORD_SPECS.protectors, {
  icon: Shield,
  page: () => import('./page.tsx'),
})
