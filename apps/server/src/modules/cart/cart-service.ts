/**
 * The cart's rules. Every read re-reads prices and stock (cart-view.ts shows what
 * changed); every write runs in one transaction that first upserts the shopper's cart
 * row, which both touches `updated_at` and locks the cart, so two adds of the same
 * variant at once cannot together pass the stock check.
 */
import type { AddCartLineBody, Cart, CartCount } from "@atelier/contract";
import { cartLimits } from "@atelier/contract/constants";
import type { Db, Tx } from "../../db/client.ts";
import { NotFoundError, ValidationError } from "../../errors.ts";
import type { Shopper } from "../../http/shopper.ts";
import type { StoreSettingsService } from "../settings/index.ts";
import { type CartDelivery, cartDelivery } from "./cart-delivery.ts";
import type { CartRepository } from "./cart-repository.ts";
import { buildCart } from "./cart-view.ts";
import type { WishlistRepository } from "./wishlist-repository.ts";

const lineMissing = () => new NotFoundError("This line is not in your cart.");
const productGone = () => new NotFoundError("This product is not available.");

/**
 * 422 unless `wanted` units can be had; `already` is what the line holds now. The message
 * names the count only at or under the store's "Only N left" limit (issue 37).
 */
export function checkQuantity(wanted: number, stock: number, onlyLeftBelow: number, already = 0): void {
  const fail = (message: string) => {
    throw new ValidationError(message, { quantity: message });
  };
  if (stock <= 0) fail("This size and color is sold out.");
  if (wanted > stock) {
    const inCart = already > 0 ? `, and ${already} ${already === 1 ? "is" : "are"} in your cart already` : "";
    fail(
      stock <= onlyLeftBelow
        ? `Only ${stock} left in this size and color${inCart}.`
        : `We do not have that many in this size and color${inCart}: choose fewer.`,
    );
  }
  if (wanted > cartLimits.maxQuantity) fail(`At most ${cartLimits.maxQuantity} of one size and color per order.`);
}

export function cartService(deps: {
  db: Db;
  carts: CartRepository;
  wishlists: WishlistRepository;
  settings: StoreSettingsService;
  /**
   * The active delivery zones and the store's tax rate, as `carts.zones()` and
   * `carts.storeTaxRate()` answer them: kept in memory by the module (a TopicMemo on the
   * bus' `settings` topic, which every zone and tax rate edit publishes). Read from the
   * database on every cart answer when not given.
   */
  delivery?: () => Promise<CartDelivery>;
  /** Told of each add to a cart once it is committed (the reports' funnel counts them). */
  onAdded?: (productId: number) => void;
}) {
  const { db, carts, wishlists, settings } = deps;
  const delivery = deps.delivery ?? (() => cartDelivery(carts));
  const added = (productId: number) => deps.onAdded?.(productId);

  async function view(
    shopper: Shopper,
    zoneId: number | undefined,
    tx: Db | Tx = db,
    /** The cart's id when the caller knows it (after an add): no look-up. */
    knownCartId?: number,
  ): Promise<Cart> {
    const cartId = knownCartId ?? (await carts.cartId(shopper, tx));
    const [rows, { zones, tax }, store] = await Promise.all([
      cartId === undefined ? [] : carts.lines(cartId, tx),
      delivery(),
      settings.get(),
    ]);
    return buildCart({ rows, currency: store.currency, zones, zoneId, tax });
  }

  /** Runs a change to the shopper's cart in one transaction (cart made on first use, and locked). */
  function change(shopper: Shopper, write: (cartId: number, tx: Tx) => Promise<void>): Promise<void> {
    return db.transaction(async (tx) => write(await carts.openCart(shopper, tx), tx));
  }

  /** Adds units inside the caller's transaction; answers the product, for `added` after commit. */
  async function addUnits(shopper: Shopper, input: AddCartLineBody, tx: Tx): Promise<number> {
    return (await addUnitsTo(shopper, input, tx)).productId;
  }

  async function addUnitsTo(
    shopper: Shopper,
    input: AddCartLineBody,
    tx: Tx,
  ): Promise<{ productId: number; cartId: number }> {
    // The upsert locks the cart; the variant, what the cart holds and the write are one
    // statement after it (its snapshot sees what other changes of this cart committed).
    const cartId = await carts.openCart(shopper, tx);
    const { variant, existing, lineCount, written } = await carts.addChecked(cartId, input, tx);
    // The statement wrote only if these pass; they say why not (and roll the cart's touch back).
    if (!variant?.isPublished) throw productGone();
    if (!existing && lineCount >= cartLimits.maxLines) {
      throw new ValidationError(`A cart holds at most ${cartLimits.maxLines} different items.`);
    }
    const { onlyLeftBelow } = await settings.get();
    checkQuantity((existing?.quantity ?? 0) + input.quantity, variant.stock, onlyLeftBelow, existing?.quantity);
    if (!written) throw new Error("the cart line was not written although the cart's rules allow it");
    return { productId: variant.productId, cartId };
  }

  return {
    view,
    addUnits,
    added,

    count(shopper: Shopper): Promise<CartCount> {
      return carts.count(shopper);
    },

    async addLine(shopper: Shopper, input: AddCartLineBody, zoneId?: number): Promise<Cart> {
      const { productId, cartId } = await db.transaction((tx) => addUnitsTo(shopper, input, tx));
      added(productId);
      return view(shopper, zoneId, db, cartId);
    },

    async updateLine(shopper: Shopper, lineId: number, quantity: number, zoneId?: number): Promise<Cart> {
      await change(shopper, async (cartId, tx) => {
        const line = await carts.line(cartId, lineId, tx);
        if (!line) throw lineMissing();
        if (!line.isPublished) throw new ValidationError("This product is no longer sold: remove it from your cart.");
        checkQuantity(quantity, line.stock, (await settings.get()).onlyLeftBelow);
        await carts.setQuantity(cartId, lineId, quantity, tx);
      });
      return view(shopper, zoneId);
    },

    async removeLine(shopper: Shopper, lineId: number, zoneId?: number): Promise<Cart> {
      await change(shopper, async (cartId, tx) => {
        if (!(await carts.removeLine(cartId, lineId, tx))) throw lineMissing();
      });
      return view(shopper, zoneId);
    },

    async saveForLater(shopper: Shopper, lineId: number, zoneId?: number): Promise<Cart> {
      await change(shopper, async (cartId, tx) => {
        const line = await carts.line(cartId, lineId, tx);
        if (!line) throw lineMissing();
        if (!line.isPublished) throw new ValidationError("This product is no longer sold: remove it from your cart.");
        await wishlists.add(shopper, line.productId, tx);
        await carts.removeLine(cartId, lineId, tx);
      });
      return view(shopper, zoneId);
    },

    /** Empties the shopper's cart inside the caller's transaction (checkout, once the order is placed). */
    async clear(shopper: Shopper, tx: Tx): Promise<void> {
      const cartId = await carts.cartId(shopper, tx);
      if (cartId === undefined) return;
      await carts.clear(cartId, tx);
      await carts.touch(cartId, tx);
    },

    async acknowledgePrices(shopper: Shopper, zoneId?: number): Promise<Cart> {
      await change(shopper, (cartId, tx) => carts.acknowledgePrices(cartId, tx));
      return view(shopper, zoneId);
    },
  };
}

export type CartService = ReturnType<typeof cartService>;
