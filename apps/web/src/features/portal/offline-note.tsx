import { offlineAsOf } from '../../lib/service-worker.ts'
import type { PortalLang } from './words.ts'

/** "dd/mm/yyyy hh:mm" in the phone's own time, the moment the kept copy was saved. */
export const asOfTime = (iso: string) => {
  const d = new Date(iso)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}`
}

const WORDS: Record<PortalLang, (time: string) => string> = {
  en: (time) => `Offline: balance and statement as of ${time}`,
  ur: (time) => `آف لائن: بیلنس اور اسٹیٹمنٹ ${time} تک کے`,
}

/**
 * Without the network the service worker answers /portal/me and the statement from its last copy
 * (decision 117); the desk says how old they are. The oldest of the copies shown is the one named.
 */
export const OfflineNote = ({ lang, answers }: { lang: PortalLang; answers: Array<object | null> }) => {
  const times = answers.map(offlineAsOf).filter((t): t is string => t !== null)
  if (times.length === 0) return null
  const oldest = times.sort()[0]!
  return (
    <p role="status" data-testid="portal-offline" className="rounded bg-amber-50 p-3 text-sm text-amber-900">
      {WORDS[lang](asOfTime(oldest))}
    </p>
  )
}

/** True when the desk is showing kept copies: the other answers' network errors are then expected. */
export const isOffline = (answers: Array<object | null>) => answers.some((a) => offlineAsOf(a) !== null)
