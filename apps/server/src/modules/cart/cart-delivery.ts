/**
 * What every cart answer shows besides its lines: the active delivery zones (cheapest
 * first) and the tax rate of the store's own country (the estimate before an address is
 * known). They are settings, the same for every shopper and changed only by staff, so the
 * cart module keeps them in memory (issue 18: add to cart re-read them on every answer):
 * a `TopicMemo` on the bus' `settings` topic, which every delivery zone, tax rate and
 * checkout settings edit publishes after its commit (`checkout/routes.ts`). In the process
 * that made the edit the memo is forgotten at once; in the others when the broadcast
 * arrives (a few milliseconds); after 30 s in any case (the backstop for a lost one).
 * Checkout itself never uses these: placing an order reads the zone and the rate in its
 * own transaction (ADR 0017).
 */
import type { InvalidationBus } from "../../infra/invalidation-bus.ts";
import { TopicMemo } from "../../infra/topic-memo.ts";
import type { CartRepository } from "./cart-repository.ts";

type Zone = Awaited<ReturnType<CartRepository["zones"]>>[number];
type StoreRate = NonNullable<Awaited<ReturnType<CartRepository["storeTaxRate"]>>>;

export interface CartDelivery {
  readonly zones: readonly Readonly<Zone>[];
  readonly tax: Readonly<StoreRate> | undefined;
}

/** Read from the database (both reads at once). */
export async function cartDelivery(carts: Pick<CartRepository, "zones" | "storeTaxRate">): Promise<CartDelivery> {
  const [zones, tax] = await Promise.all([carts.zones(), carts.storeTaxRate()]);
  return { zones, tax };
}

/** Kept in memory until the bus says the settings changed. The value is frozen: every cart answer shares it. */
export function cartDeliveryMemo(
  bus: Pick<InvalidationBus, "subscribe">,
  carts: Pick<CartRepository, "zones" | "storeTaxRate">,
): () => Promise<CartDelivery> {
  const memo = new TopicMemo(bus, ["settings"], async () => {
    const { zones, tax } = await cartDelivery(carts);
    return Object.freeze({
      zones: Object.freeze(zones.map((zone) => Object.freeze(zone))),
      tax: tax && Object.freeze(tax),
    });
  });
  return () => memo.get();
}
