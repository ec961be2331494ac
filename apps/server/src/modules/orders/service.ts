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
import type { Mailer } from "../mail/index.ts";
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
   * event, bumps the version. Returns the updated order and a `notify` to call after the
   * transaction commits (it sends the status-change mail).
   */
  async function transitionIn(tx: Tx, input: TransitionInput): Promise<{ order: OrderRow; notify: () => void }> {
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
    return {
      order,
      notify: () =>
        sendLater(
          async () => statusChangeMail(order, input.to, { storeName, orderUrl: orderUrl(order) }),
          "status-change",
        ),
    };
  }

  return {
    orderUrl,
    transitionIn,

    /** Moves an order to `to` in a transaction of its own, then mails the customer. */
    async transition(input: TransitionInput): Promise<OrderRow> {
      const { order, notify } = await db.transaction((tx) => transitionIn(tx, input));
      notify();
      return order;
    },

    /**
     * The confirmation mail of a placed order; checkout calls it after the placing
     * transaction commits (never throws: a failed send is logged). `placed` is what checkout
     * wrote (its answer's order view and the owner): the mail is built from it, with no read
     * (issue 18: it used to read the order and its lines back for every order). Without it
     * (a card order paid later, through Stripe's webhook) the order is read.
     */
    sendConfirmation(orderId: number, placed?: PlacedForMail): void {
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
        sendLater(async () => confirmationMail(order, view.lines, { storeName, orderUrl: url }), "order confirmation");
        return;
      }
      sendLater(async () => {
        const order = await repo.byId(orderId);
        if (!order) return undefined;
        const lines = await repo.lines(order.id);
        return confirmationMail(order, lines, { storeName, orderUrl: orderUrl(order) });
      }, "order confirmation");
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
      const after = await db.transaction(async (tx) => {
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
      after?.notify();
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
