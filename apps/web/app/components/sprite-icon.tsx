/**
 * Icons a storefront page shows many times — the heart on every product card and in the
 * bar, the footer's contact icons, the menus' chevrons, the bag — drawn once per page as
 * `<symbol>`s and referenced with `<use>`. A card's heart is then ~90 bytes of HTML
 * instead of ~560, which a cached page answers on every hit (issue 18; bench/README
 * "Icons drawn once per page").
 *
 * The symbols hold lucide's own icons, so they look exactly as the components do. Their
 * `fill` is `inherit`: a `SpriteIcon` is hollow (`fill="none"`) unless a class fills it,
 * as the saved heart's `fill-brand` does; stroke and colour follow `currentColor`.
 */
import { ChevronDown, Clock, Heart, type LucideIcon, Mail, MapPin, Phone, ShoppingBag } from "lucide-react";

const SPRITE = {
  heart: Heart,
  "shopping-bag": ShoppingBag,
  "chevron-down": ChevronDown,
  "map-pin": MapPin,
  phone: Phone,
  mail: Mail,
  clock: Clock,
} satisfies Record<string, LucideIcon>;

export type SpriteIconName = keyof typeof SPRITE;

const symbolId = (name: SpriteIconName) => `icon-${name}`;

/** The symbols, once per document (the root layout renders it). */
export function IconSprite() {
  return (
    <svg className="hidden" aria-hidden="true" data-testid="icon-sprite">
      {(Object.entries(SPRITE) as [SpriteIconName, LucideIcon][]).map(([name, Icon]) => (
        <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
          <Icon fill="inherit" />
        </symbol>
      ))}
    </svg>
  );
}

/** One of the sprite's icons; decorative (the control around it carries the label). */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" width="24" height="24" fill="none" className={className} data-icon={name}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
