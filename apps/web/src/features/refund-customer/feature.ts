import { RECORD_SPECS } from '@booking/shared'
import { Undo2 } from 'lucide-react'
import { recordFeature } from '../../lib/feature.ts'

export const refundCustomerFeature = recordFeature(RECORD_SPECS.refund_customers, {
  icon: Undo2,
  page: () => import('./page.tsx'),
})
