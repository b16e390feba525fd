/**
 * A Map of at most `limit` entries that drops the least recently used first: the one shape of the server's in-memory
 * caches (issue #16: named statements on both engines, verified Apple identities, planner estimates, resolved
 * sessions). `get` marks an entry used; `set` answers what it dropped, for a caller that must release it (a statement
 * to close).
 */
export class Lru<K, V> {
  readonly #entries = new Map<K, V>()

  constructor(public limit: number) {}

  get size(): number {
    return this.#entries.size
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key)
    if (value !== undefined) {
      // A Map iterates in insertion order: the most recently used goes last, the first is the one to drop.
      this.#entries.delete(key)
      this.#entries.set(key, value)
    }
    return value
  }

  /** Keeps `value` as the most recently used; answers the entries dropped to stay within the limit, oldest first. */
  set(key: K, value: V): [K, V][] {
    this.#entries.delete(key)
    const dropped: [K, V][] = []
    while (this.#entries.size >= Math.max(1, this.limit)) {
      const oldest = this.#entries.entries().next().value!
      this.#entries.delete(oldest[0])
      dropped.push(oldest)
    }
    this.#entries.set(key, value)
    return dropped
  }

  delete(key: K): boolean {
    return this.#entries.delete(key)
  }

  clear(): void {
    this.#entries.clear()
  }
}
