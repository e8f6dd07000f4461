import { toast } from 'sonner'
import { DESK_CACHE } from './desk-cache.ts'

/**
 * The installed app's worker (public /sw.js, written by the build; decision 117). Only a build
 * registers it: the dev server's modules are not hashed, and a kept copy would hide edits.
 */
export const registerServiceWorker = () => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  // A page opened before an update keeps running the old build's code: say so instead of reloading
  // by itself, which would drop a deposit being typed. The next open is the new build anyway.
  const hadWorker = Boolean(navigator.serviceWorker.controller)
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadWorker) return
    toast('A new version is ready', {
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Reload', onClick: () => window.location.reload() },
    })
  })
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (a plain-HTTP office address, a private window): the app works online as before.
    })
  })
}

/**
 * The agent's last balance and statement, deleted when a session starts or ends so nothing of one
 * user is left for the next on a shared phone. The shell stays: the build's own files, the same for
 * everyone, which the worker would otherwise have to fetch again before the app opens offline.
 */
export const clearDeskCopies = async () => {
  if ('caches' in window) await caches.delete(DESK_CACHE)
}

/** When an answer came from the worker's copy (the network was out): that copy's time. */
const offlineTimes = new WeakMap<object, string>()

export const markOffline = (answer: unknown, savedAt: string | null) => {
  if (savedAt && answer && typeof answer === 'object') offlineTimes.set(answer, savedAt)
}

/** The time an offline answer was saved (ISO), or null for a fresh one. */
export const offlineAsOf = (answer: object | null | undefined): string | null =>
  (answer && offlineTimes.get(answer)) ?? null
