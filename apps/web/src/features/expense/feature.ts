import { RECORD_SPECS } from '@booking/shared'
import { Receipt } from 'lucide-react'
import { recordFeature } from '../../lib/feature.ts'

export const expenseFeature = recordFeature(RECORD_SPECS.expenses, {
  icon: Receipt,
  page: () => import('./page.tsx'),
})
