/**
 * The cache where the service worker keeps an agent's last balance and statement (decision 117):
 * the only user data it keeps, emptied whenever a session starts or ends. The build writes the
 * name into /sw.js (build/service-worker.ts); the app deletes it.
 */
export const DESK_CACHE = 'desk-last'
