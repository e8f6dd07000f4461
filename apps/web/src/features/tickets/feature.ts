import { RECORD_SPECS } from '@booking/shared'
import { Plane } from 'lucide-react'
import { recordFeature } from '../../lib/feature.ts'

export const ticketsFeature = recordFeature(RECORD_SPECS.tickets, {
  label: 'Tickets',
  icon: Plane,
  page: () => import('./page.tsx'),
})
