import { RECORD_SPECS } from '@booking/shared'
import { FileCheck2 } from 'lucide-react'
import { recordFeature } from '../../lib/feature.ts'

export const visaFeature = recordFeature(RECORD_SPECS.visa_processing, {
  icon: FileCheck2,
  page: () => import('./page.tsx'),
})
