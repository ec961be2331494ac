/** Spec section 9: badges cap at 99. Zero shows no badge. */
export const BADGE_CAP = 99;

export function cartBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count < 1) return null;
  return String(Math.min(Math.floor(count), BADGE_CAP));
}

/** The icon link's accessible name with its count, e.g. "Cart, 3 items". */
export function bagLabel(name: string, count: number, unit: string): string {
  if (count < 1) return name;
  return `${name}, ${count} ${count === 1 ? unit : `${unit}s`}`;
}
