import { RECORD_SPECS } from '@booking/shared'
import { Users } from 'lucide-react'
import { recordFeature } from '../../lib/feature.ts'

export const agentFeature = recordFeature(RECORD_SPECS.agent_entries, {
  icon: Users,
  page: () => import('./page.tsx'),
})
