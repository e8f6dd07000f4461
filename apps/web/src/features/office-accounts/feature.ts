import { RECORD_SPECS } from '@booking/shared'
import { Banknote } from 'lucide-react'
import { recordFeature } from '../../lib/feature.ts'

export const officeAccountsFeature = recordFeature(RECORD_SPECS.account_entries, {
  icon: Banknote,
  page: () => import('./page.tsx'),
})
