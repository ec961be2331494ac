/**
 * Values held in memory until something they show changes (issue 18): each memo names the
 * invalidation-bus topics it depends on (ADR 0007) and forgets its value when any of them
 * is published, in this process at once and in the others when the broadcast arrives,
 * exactly like the page cache and the JSON cache it sits beside.
 *
 * - Concurrent reads of an empty memo share one load; a failed load is not kept (the next
 *   read tries again).
 * - A load that was running when one of its topics changed may have read the old state: it
 *   answers the reads that waited for it, but is not kept.
 * - After `ttlMs` a value is loaded anew: the backstop when a broadcast is lost, as the
 *   caches' expiry is.
 */
import type { InvalidationBus } from "./invalidation-bus.ts";

export interface TopicMemoOptions {
  ttlMs?: number;
  now?: () => number;
}

export class TopicMemo<T> {
  private value: Promise<T> | undefined;
  private loadedAt = 0;
  private generation = 0;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly load: () => Promise<T>;

  constructor(
    bus: Pick<InvalidationBus, "subscribe">,
    topics: readonly string[],
    load: () => Promise<T>,
    options: TopicMemoOptions = {},
  ) {
    this.load = load;
    this.ttlMs = options.ttlMs ?? 30_000;
    this.now = options.now ?? Date.now;
    for (const topic of topics) bus.subscribe(topic, () => this.forget());
  }

  get(): Promise<T> {
    if (this.value && this.now() - this.loadedAt < this.ttlMs) return this.value;
    const generation = this.generation;
    const loading = this.load();
    this.value = loading;
    this.loadedAt = this.now();
    loading.then(
      () => {
        // A change while it loaded: the waiting reads get it, later ones load again.
        if (generation !== this.generation && this.value === loading) this.value = undefined;
      },
      () => {
        if (this.value === loading) this.value = undefined;
      },
    );
    return loading;
  }

  forget(): void {
    this.generation++;
    this.value = undefined;
  }
}
