import { normalizePhone } from '@booking/shared'

/**
 * What the server will store when it differs from what was typed ("0300-1234567" is saved as
 * "03001234567"), said under the field before save, so nothing changes in silence (decision 047).
 */
export const PhoneSavedAs = ({ id, typed }: { id: string; typed: string }) => {
  const stored = normalizePhone(typed)
  if (!typed.trim() || stored === null || stored === typed.trim()) return null
  return (
    <p id={id} className="mt-1 text-xs text-slate-600">
      Saved as <span className="font-medium tabular-nums">{stored}</span>
    </p>
  )
}
