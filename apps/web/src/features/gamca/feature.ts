import { RECORD_SPECS } from '@booking/shared'
import { Stethoscope } from 'lucide-react'
import { recordFeature } from '../../lib/feature.ts'

export const gamcaFeature = recordFeature(RECORD_SPECS.gamca_tokens, {
  icon: Stethoscope,
  page: () => import('./page.tsx'),
})
