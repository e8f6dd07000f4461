import { RECORD_SPECS } from '@booking/shared'
import { RotateCcw } from 'lucide-react'
import { recordFeature } from '../../lib/feature.ts'

export const refundedFeature = recordFeature(RECORD_SPECS.refunded, {
  icon: RotateCcw,
  page: () => import('./page.tsx'),
})
