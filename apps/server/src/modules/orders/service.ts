/**
 * Orders after placement: the status machine applied to stored orders (every change an
 * order_events row with who and when, the version bumped, the customer mailed), the
 * customer's reads (their own orders only; another's is a 404 that reveals nothing), the
 * guest's signed link, and cancel / return requests. Issue 7's staff pages call
 * `transition` too.
 */
import type { CreateOrderRequestBody, CustomerOrder, MyOrdersPage, PlacedOrder } from "@atelier/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Tx } from "../../db/client.ts";
import type { OrderStatus, orderLines } from "../../db/schema/commerce.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../errors.ts";
import type { Shopper } from "../../http/shopper.ts";
import type { ActivityActor } from "../activity-log/index.ts";
import type { Mailer, MailMessage } from "../mail/index.ts";
import type { OrderLinkSigner } from "./links.ts";
import { confirmationMail, statusChangeMail } from "./mails.ts";
import type { OrderRow, OrdersRepository } from "./repository.ts";
import {
  canTransition,
  isCancellable,
  isReturnable,
  missingForTransition,
  returnDeadline,
  statusLabels,
} from "./status.ts";

/** Who made a change, as the timeline shows it: a staff member, "Customer", "System", "Stripe". */
export interface Actor {
  userId: string | null;
  name: string;
  /** A staff member's email, for the activity log. */
  email?: string;
}

/** The activity log's view of a timeline actor. */
export function activityActorOf(actor: Actor): ActivityActor {
  return { id: actor.userId, name: actor.name, email: actor.email ?? "" };
}

export interface TransitionInput {
  orderId: number;
  to: OrderStatus;
  actor: Actor;
  /** The version the actor saw; an order changed since then answers 409. */
  expectedVersion?: number;
  courier?: string;
  trackingNumber?: string;
  /** Shown on the timeline with the change. */
  message?: string;
}

/** How a customer reaches an order: as its owner, or by the guest's signed link. */
export interface OrderAccess {
  shopper: Shopper | undefined;
  token: string | undefined;
}

/** What checkout hands the confirmation mail (`OrderPlacedEvent.placed`). */
export interface PlacedForMail {
  view: PlacedOrder;
  userId: string | null;
}

interface Deps {
  db: Db;
  repo: OrdersRepository;
  links: OrderLinkSigner;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  storeName: string;
  publicUrl: string;
}

export function ordersService({ db, repo, links, mailer, logger, storeName, publicUrl }: Deps) {
  /** The order page: guests' orders carry the signed token, account orders ask for a sign-in. */
  // Resolved once: every confirmation mail carries a link, and parsing a URL for each was
  // a measurable part of an order's CPU. The order number is encoded as before and the token
  // is base64url, which a query string carries as it is.
  const ordersBase = new URL("/my-orders/", publicUrl).toString();
  function orderUrl(order: Pick<OrderRow, "id" | "number" | "userId">): string {
    const url = `${ordersBase}${encodeURIComponent(order.number)}`;
    return order.userId ? url : `${url}?token=${links.sign(order.id)}`;
  }

  /** Mails go out after the transaction commits; a failed send is logged, never undoes the change. */
  function sendLater(build: () => Promise<Parameters<Mailer["send"]>[0] | undefined>, what: string): void {
    void build()
      .then((message) => (message ? mailer.send(message) : undefined))
      .catch((error: unknown) => logger.error({ err: error }, `could not send the ${what} mail`));
  }

  async function buildConfirmation(
    orderId: number,
    placed: PlacedForMail | undefined,
    tx: Tx | Db = db,
  ): Promise<MailMessage | undefined> {
    if (placed) {
      const { view } = placed;
      const order = {
        ...view.totals,
        number: view.number,
        email: view.email,
        customerName: view.customerName,
        currency: view.currency,
        deliveryZoneName: view.deliveryZoneName,
        paymentMethod: view.paymentMethod,
        paymentState: view.paymentState as OrderRow["paymentState"],
        transferReference: view.transferReference,
      };
      const url = orderUrl({ id: orderId, number: view.number, userId: placed.userId });
      return confirmationMail(order, view.lines, { storeName, orderUrl: url });
    }
    const order = await repo.byId(orderId, tx);
    if (!order) return undefined;
    const lines = await repo.lines(order.id, tx);
    return confirmationMail(order, lines, { storeName, orderUrl: orderUrl(order) });
  }

  async function reachable(number: string, access: OrderAccess): Promise<OrderRow> {
    const order = await repo.byNumber(number);
    if (!order || order.isDraft) throw new NotFoundError("No such order.");
    if (links.verify(order.id, access.token)) return order;
    const shopper = access.shopper;
    const owns =
      shopper !== undefined &&
      ("userId" in shopper ? order.userId === shopper.userId : order.guestId === shopper.guestId && !order.userId);
    if (!owns) throw new NotFoundError("No such order.");
    return order;
  }

  async function customerView(order: OrderRow): Promise<CustomerOrder> {
    const [lines, events, requests, deliveredAt, windowDays] = await Promise.all([
      repo.lines(order.id),
      repo.publicEvents(order.id),
      repo.requests(order.id),
      repo.deliveredAt(order.id),
      repo.returnWindowDays(),
    ]);
    const open = (kind: "cancel" | "return") => requests.some((r) => r.kind === kind && r.status === "open");
    const returnable = isReturnable(order.status, deliveredAt, windowDays, new Date());
    return {
      number: order.number,
      placedAt: order.placedAt.toISOString(),
      status: order.status,
      paymentMethod: order.paymentMethod,
      paymentState: order.paymentState,
      transferReference: order.transferReference,
      currency: order.currency,
      subtotal: order.subtotal,
      discount: order.discount,
      couponCode: order.couponCode,
      deliveryFee: order.deliveryFee,
      tax: order.tax,
      total: order.total,
      customerName: order.customerName,
      email: order.email,
      phone: order.phone,
      shippingAddress: order.shippingAddress,
      deliveryZoneName: order.deliveryZoneName,
      courier: order.courier,
      trackingNumber: order.trackingNumber,
      lines: lines.map(orderLineView),
      timeline: events.map((event) => ({
        at: event.createdAt.toISOString(),
        kind: event.kind,
        fromStatus: event.fromStatus,
        toStatus: event.toStatus,
        message: event.message,
        actorName: event.actorName,
      })),
      requests: requests.map(requestView),
      canRequestCancel: isCancellable(order.status) && !open("cancel"),
      canRequestReturn: returnable && !open("return"),
      returnUntil:
        deliveredAt && order.status !== "cancelled" ? returnDeadline(deliveredAt, windowDays).toISOString() : null,
    };
  }

  /**
   * Moves an order to `to` inside `tx`: checks the machine and the version, records the
   * event, bumps the version, and enqueues the status-change mail on `tx`, so the mail
   * commits with the change (ADR 0008). Returns the updated order.
   */
  async function transitionIn(tx: Tx, input: TransitionInput): Promise<{ order: OrderRow }> {
    const current = await repo.lockById(input.orderId, tx);
    if (!current) throw new NotFoundError("No such order.");
    if (input.expectedVersion !== undefined && input.expectedVersion !== current.version) {
      throw new ConflictError("This order changed since you opened it. Reload it and try again.");
    }
    if (!canTransition(current.status, input.to)) {
      throw new ConflictError(
        `An order that is ${statusLabels[current.status].toLowerCase()} cannot become ${statusLabels[input.to].toLowerCase()}.`,
      );
    }
    const missing = missingForTransition(input.to, input);
    if (missing) throw new ValidationError("Shipping needs the courier and the tracking number.", missing);
    const order = await repo.setStatus(
      current.id,
      current.version,
      {
        status: input.to,
        ...(input.to === "shipped"
          ? { courier: input.courier?.trim() ?? "", trackingNumber: input.trackingNumber?.trim() ?? "" }
          : {}),
      },
      tx,
    );
    if (!order) throw new ConflictError("This order changed since you opened it. Reload it and try again.");
    await repo.addEvent(
      {
        historyId: order.id,
        kind: "status",
        fromStatus: current.status,
        toStatus: input.to,
        message:
          input.message ??
          (input.to === "shipped" ? `Shipped with ${order.courier}, tracking number ${order.trackingNumber}.` : ""),
        actorUserId: input.actor.userId,
        actorName: input.actor.name,
      },
      tx,
    );
    const message = statusChangeMail(order, input.to, { storeName, orderUrl: orderUrl(order) });
    if (message) await mailer.send(message, { tx });
    return { order };
  }

  return {
    orderUrl,
    transitionIn,

    /** Moves an order to `to` in a transaction of its own, mailing the customer with it. */
    async transition(input: TransitionInput): Promise<OrderRow> {
      const { order } = await db.transaction((tx) => transitionIn(tx, input));
      return order;
    },

    /**
     * The confirmation mail of a placed order, enqueued on `tx`: checkout calls it inside the
     * transaction that places the order (or marks a card order paid), so the mail commits
     * with the order and no crash after the commit can lose it (ADR 0008). `placed` is what
     * checkout wrote (its answer's order view and the owner): the mail is built from it, with
     * no read (issue 18). Without it (a card order paid later, through Stripe's webhook) the
     * order is read, on the same transaction.
     */
    async queueConfirmation(tx: Tx, orderId: number, placed?: PlacedForMail): Promise<void> {
      const message = await buildConfirmation(orderId, placed, tx);
      if (message) await mailer.send(message, { tx });
    },

    /** The same mail, sent outside any transaction (a resend; tests compare the two). */
    sendConfirmation(orderId: number, placed?: PlacedForMail): void {
      sendLater(() => buildConfirmation(orderId, placed), "order confirmation");
    },

    async listMine(shopper: Shopper, page: number, pageSize: number): Promise<MyOrdersPage> {
      const { rows, total } = await repo.page(shopper, page, pageSize);
      return {
        items: rows.map(({ id: _id, placedAt, ...row }) => ({ ...row, placedAt: placedAt.toISOString() })),
        page,
        pageSize,
        total,
        pageCount: Math.ceil(total / pageSize),
      };
    },

    async getForCustomer(number: string, access: OrderAccess): Promise<CustomerOrder> {
      return customerView(await reachable(number, access));
    },

    async createRequest(number: string, access: OrderAccess, input: CreateOrderRequestBody): Promise<CustomerOrder> {
      const found = await reachable(number, access);
      const actor: Actor = {
        userId: access.shopper && "userId" in access.shopper ? access.shopper.userId : null,
        name: "Customer",
      };
      await db.transaction(async (tx) => {
        const order = await repo.lockById(found.id, tx);
        if (!order) throw new NotFoundError("No such order.");
        if (await repo.openRequest(order.id, input.kind, tx)) {
          throw new ConflictError(
            input.kind === "cancel"
              ? "You have already asked to cancel this order; we will answer soon."
              : "You already have an open return request for this order.",
          );
        }
        if (input.kind === "cancel") {
          if (!isCancellable(order.status)) {
            throw new ValidationError(
              "This order has already shipped, so it can no longer be cancelled. You can return it after delivery.",
            );
          }
          await repo.addRequest({ historyId: order.id, kind: "cancel", reason: input.reason.trim() }, tx);
          await repo.addEvent(
            {
              historyId: order.id,
              kind: "request",
              message: "Cancellation requested.",
              actorUserId: actor.userId,
              actorName: actor.name,
            },
            tx,
          );
          return undefined;
        }
        const [deliveredAt, windowDays] = await Promise.all([
          repo.deliveredAt(order.id, tx),
          repo.returnWindowDays(tx),
        ]);
        if (order.status !== "delivered") {
          throw new ValidationError("Returns can be requested once the order has been delivered.");
        }
        if (!isReturnable(order.status, deliveredAt, windowDays, new Date())) {
          throw new ValidationError(`The return window (${windowDays} days after delivery) has closed for this order.`);
        }
        const lines = await repo.lines(order.id, tx);
        const fields: Record<string, string> = {};
        const seen = new Set<number>();
        input.items.forEach((item, index) => {
          const line = lines.find((candidate) => candidate.id === item.orderLineId);
          if (!line || seen.has(item.orderLineId))
            fields[`items.${index}.orderLineId`] = "Choose an item of this order (once).";
          else if (item.quantity > line.quantity - line.returnedQuantity) {
            fields[`items.${index}.quantity`] = `At most ${line.quantity - line.returnedQuantity} can be returned.`;
          }
          seen.add(item.orderLineId);
        });
        const photos = input.photos ?? [];
        const stored = await repo.existingImages(photos, tx);
        photos.forEach((photo, index) => {
          if (!stored.has(photo)) fields[`photos.${index}`] = "Upload the photo again.";
        });
        if (Object.keys(fields).length > 0)
          throw new ValidationError("Check the items and photos of the return.", fields);
        await repo.addRequest(
          { historyId: order.id, kind: "return", reason: input.reason.trim(), items: input.items, photos },
          tx,
        );
        return transitionIn(tx, { orderId: order.id, to: "return_requested", actor, message: "Return requested." });
      });
      return customerView((await repo.byId(found.id)) ?? found);
    },
  };
}

/** An order line as customers and staff read it (the same fields on both sides). */
export function orderLineView(line: typeof orderLines.$inferSelect) {
  return {
    id: line.id,
    productId: line.productId,
    productName: line.productName,
    sizeName: line.sizeName,
    colorName: line.colorName,
    sku: line.sku,
    filename: line.filename,
    unitPrice: line.unitPrice,
    quantity: line.quantity,
    totalPrice: line.totalPrice,
    returnedQuantity: line.returnedQuantity,
  };
}

export function requestView(row: {
  id: number;
  kind: "cancel" | "return";
  status: "open" | "approved" | "rejected" | "received" | "refunded";
  reason: string;
  items: { orderLineId: number; quantity: number }[];
  photos: string[];
  resolutionNote: string;
  createdAt: Date;
}) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    items: row.items,
    photos: row.photos,
    resolutionNote: row.resolutionNote,
    createdAt: row.createdAt.toISOString(),
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
