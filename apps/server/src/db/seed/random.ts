/**
 * A small seeded pseudo-random generator (mulberry32) so that the demo catalogue is
 * reproducible: the same seed always yields the same rows. Never Math.random here.
 */

export interface Random {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number;
  /** True with probability `p`. */
  chance: (p: number) => boolean;
  /** One element; throws on an empty list. */
  pick: <T>(items: readonly T[]) => T;
  /** One element, chosen with the given non-negative weights. */
  weighted: <T>(items: readonly T[], weight: (item: T) => number) => T;
  /** `count` distinct elements (fewer if the list is shorter), in random order. */
  sample: <T>(items: readonly T[], count: number) => T[];
  /** Shuffles a copy of the list (Fisher–Yates). */
  shuffle: <T>(items: readonly T[]) => T[];
  /** An independent generator derived from this one and a label. */
  fork: (label: string) => Random;
}

export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to turn labels into seeds. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function createRandom(seed: number): Random {
  const next = mulberry32(seed);
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const at = <T>(items: readonly T[], index: number): T => {
    const item = items[index];
    if (item === undefined) throw new Error(`random: index ${index} out of ${items.length}`);
    return item;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = int(0, index);
      const swap = at(copy, index);
      copy[index] = at(copy, other);
      copy[other] = swap;
    }
    return copy;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: (items) => at(items, int(0, items.length - 1)),
    weighted: (items, weight) => {
      const total = items.reduce((sum, item) => sum + Math.max(0, weight(item)), 0);
      if (total <= 0) return at(items, int(0, items.length - 1));
      let roll = next() * total;
      for (const item of items) {
        roll -= Math.max(0, weight(item));
        if (roll < 0) return item;
      }
      return at(items, items.length - 1);
    },
    sample: (items, count) => shuffle(items).slice(0, Math.max(0, count)),
    shuffle,
    fork: (label) => createRandom((seed ^ hashString(label)) >>> 0),
  };
}
