import { RECORD_SPECS } from '@booking/shared'
import { Wrench } from 'lucide-react'
import { recordFeature } from '../../lib/feature.ts'

export const servicesFeature = recordFeature(RECORD_SPECS.services, {
  icon: Wrench,
  page: () => import('./page.tsx'),
})
