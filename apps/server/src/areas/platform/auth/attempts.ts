/**
 * Counts attempts per key in fixed one-minute windows. Kept in memory: a restart forgets the
 * counts, which costs an attacker nothing they could not get by waiting a minute.
 */
export class AttemptWindow {
  #counts = new Map<string, number>()
  #windowStart = Date.now()

  constructor(
    readonly max: number,
    readonly windowMs = 60_000,
  ) {}

  /** Counts one attempt; false when the key already used its allowance in this window. */
  allow(key: string): boolean {
    const now = Date.now()
    // One map per window keeps memory bounded by a minute's distinct keys.
    if (now - this.#windowStart >= this.windowMs) {
      this.#counts.clear()
      this.#windowStart = now
    }
    const used = this.#counts.get(key) ?? 0
    if (used >= this.max) return false
    this.#counts.set(key, used + 1)
    return true
  }

  /** Seconds until the current window ends, for Retry-After. */
  retryAfter(): number {
    return Math.max(1, Math.ceil((this.#windowStart + this.windowMs - Date.now()) / 1000))
  }
}
