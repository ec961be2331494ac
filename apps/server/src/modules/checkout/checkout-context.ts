/** What checkout's use cases share: their dependencies, the listeners, guards and coupon engine other modules plug in, the placed-order event. */
import type { PlacedOrder, PlaceOrderBody, QuoteBody } from "@atelier/contract";
import type { SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client.ts";
import type { PaymentMethod } from "../../db/schema/index.ts";
import type { Shopper } from "../../http/shopper.ts";
import type { CheckoutLine } from "./cart-lines.ts";
import type { CouponEngine } from "./coupons.ts";
import type { CheckoutSettingsService } from "./settings.ts";
import type { PaymentGateway } from "./stripe.ts";

export type PlaceInput = z.output<typeof PlaceOrderBody>;
export type QuoteInput = z.output<typeof QuoteBody>;

export interface OrderPlacedEvent {
  orderId: number;
  number: string;
  paymentMethod: PaymentMethod;
  /**
   * A line's variant is left at or under inventory's "Only N left" limit (or sold out):
   * known at placement from the locked lines (ADR 0017); undefined when not known.
   */
  lowStock?: boolean;
  /**
   * What was written, as the placing request answers it, and the owner: the confirmation
   * mail is built from it instead of reading the order back (issue 18). Undefined when not
   * at hand (a card order paid later, through the webhook).
   */
  placed?: { view: PlacedOrder; userId: string | null };
}
export type OrderPlacedListener = (event: OrderPlacedEvent) => Promise<void> | void;
/**
 * Runs INSIDE the transaction that places an order (cash on delivery, transfer) or marks a
 * card order paid, with its handle: what must commit with the order or not at all (the
 * orders module's confirmation mail, enqueued on `tx`; ADR 0008). It throws to undo the order.
 */
export type OrderPlacedInListener = (tx: Tx, event: OrderPlacedEvent) => Promise<void>;
/**
 * A check inside the placement transaction after the cart lines are locked (collabs: drops).
 * `read` is its part of the transaction's one read (a JSON-valued SQL expression; ADR 0017);
 * `check` gets what it answered and throws to refuse (it may lock and count with statements
 * of its own when it must).
 */
export interface PlacementGuard {
  read(input: { lines: readonly CheckoutLine[] }): SQL;
  check(
    tx: Tx,
    input: { lines: readonly CheckoutLine[]; shopper: Shopper; email: string },
    read: unknown,
  ): Promise<void>;
}

export const lineName = (line: CheckoutLine) => `${line.productName} (${line.sizeName} / ${line.colorName})`;

export interface CheckoutDeps {
  db: Db;
  settings: CheckoutSettingsService;
  gateway: PaymentGateway | null;
  publicUrl: string;
  log: FastifyBaseLogger;
  coupons?: CouponEngine;
}

/** What other modules plug into checkout at composition: listeners, guards and the coupon engine. */
export interface CheckoutState {
  coupons: CouponEngine;
  listeners: OrderPlacedListener[];
  /** Run inside the placing (or card-paid) transaction. */
  inListeners: OrderPlacedInListener[];
  /** Run for every order created, card orders (holding stock, unpaid) included. */
  createdListeners: OrderPlacedListener[];
  guards: PlacementGuard[];
}

export type CheckoutContext = CheckoutDeps & { state: CheckoutState };

export async function emitPlaced(deps: CheckoutContext, event: OrderPlacedEvent): Promise<void> {
  const { log, state } = deps;
  for (const listener of state.listeners) {
    try {
      await listener(event);
    } catch (error) {
      log.error({ err: error, order: event.number }, "an onOrderPlaced listener failed");
    }
  }
}

/** Listeners run after an order is placed (cash on delivery, transfer) or paid by card. */
export function onOrderPlaced(deps: CheckoutContext, listener: OrderPlacedListener): void {
  const { state } = deps;
  state.listeners.push(listener);
}

/** Runs the in-transaction listeners of a placed (or card-paid) order, on its transaction. */
export async function emitPlacedIn(deps: CheckoutContext, tx: Tx, event: OrderPlacedEvent): Promise<void> {
  for (const listener of deps.state.inListeners) await listener(tx, event);
}

/** Listeners run inside the transaction that places an order or marks a card order paid. */
export function onOrderPlacedIn(deps: CheckoutContext, listener: OrderPlacedInListener): void {
  deps.state.inListeners.push(listener);
}

/** Listeners run after any new order commits, card orders at creation (stock held; inventory). */
export function onOrderCreated(deps: CheckoutContext, listener: OrderPlacedListener): void {
  const { state } = deps;
  state.createdListeners.push(listener);
}

/** Collabs (issue 16) installs its drop guard (launch, end, per-customer limit) here. */
export function usePlacementGuard(deps: CheckoutContext, guard: PlacementGuard): void {
  const { state } = deps;
  state.guards.push(guard);
}

/** The promotions issue installs its coupon engine here. */
export function useCouponEngine(deps: CheckoutContext, engine: CouponEngine): void {
  const { state } = deps;
  state.coupons = engine;
}
