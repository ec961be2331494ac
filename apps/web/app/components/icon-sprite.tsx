/**
 * The icon sprite's symbols (sprite-icon.tsx references them with `<use>`): lucide's own
 * icons, so they look exactly as the components do. Their `fill` is `inherit`: a
 * `SpriteIcon` is hollow (`fill="none"`) unless a class fills it, as the saved heart's
 * `fill-brand` does; stroke and colour follow `currentColor`. Lucide's drawings are this
 * module's weight, which is why it is a lazy region (components/lazy-region.tsx).
 */
import { ChevronDown, Clock, Heart, type LucideIcon, Mail, MapPin, Phone, ShoppingBag } from "lucide-react";
import { type SpriteIconName, symbolId } from "./sprite-icon.tsx";

const SPRITE = {
  heart: Heart,
  "shopping-bag": ShoppingBag,
  "chevron-down": ChevronDown,
  "map-pin": MapPin,
  phone: Phone,
  mail: Mail,
  clock: Clock,
} satisfies Record<SpriteIconName, LucideIcon>;

/**
 * The symbols, once per document (the root layout renders it, as a lazy region: the server
 * draws it whole, and its code, lucide's drawings, loads while the page hydrates, not with it).
 */
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
