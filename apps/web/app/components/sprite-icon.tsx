/**
 * Icons a storefront page shows many times — the heart on every product card and in the
 * bar, the footer's contact icons, the menus' chevrons, the bag — drawn once per page as
 * `<symbol>`s and referenced with `<use>`. A card's heart is then ~90 bytes of HTML
 * instead of ~560, which a cached page answers on every hit (issue 18; bench/README
 * "Icons drawn once per page"). The symbols are icon-sprite.tsx's, which the root layout
 * renders once per document.
 */

/** The sprite's icons (icon-sprite.tsx draws them). */
export type SpriteIconName = "heart" | "shopping-bag" | "chevron-down" | "map-pin" | "phone" | "mail" | "clock";

export const symbolId = (name: SpriteIconName) => `icon-${name}`;

/** One of the sprite's icons; decorative (the control around it carries the label). */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" width="24" height="24" fill="none" className={className} data-icon={name}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
