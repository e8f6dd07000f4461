import { RECORD_SPECS } from '@booking/shared'
import { GraduationCap } from 'lucide-react'
import { recordFeature } from '../../lib/feature.ts'

export const navtccFeature = recordFeature(RECORD_SPECS.navtcc, {
  icon: GraduationCap,
  page: () => import('./page.tsx'),
})
