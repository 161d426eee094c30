/**
 * Fixed-window counters kept in memory: enough for one embedded server. A key is
 * something like "signin:ip:127.0.0.1"; `hit` counts one attempt and says whether it
 * is still within the limit, and how long until the window resets.
 */
export class RateLimiter {
  #windows = new Map<string, { count: number; resetAt: number }>()

  hit(key: string, limit: number, windowMs: number, now = Date.now()): { allowed: boolean; retryAfterSeconds: number } {
    let window = this.#windows.get(key)
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs }
      this.#windows.set(key, window)
    }
    window.count += 1
    if (this.#windows.size > 10_000) this.#sweep(now)
    return { allowed: window.count <= limit, retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000) }
  }

  #sweep(now: number) {
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key)
  }
}
