/**
 * Payments back office (issue 15): the payment ledger and courier remittances.
 *
 * `payment_ledger` holds every money event of every order, one row each, never rewritten
 * except a refund's status (pending → succeeded / failed, when Stripe's webhook or staff
 * confirm it). An order's paid and refunded amounts and its `payment_state` are derived
 * from it by ONE SQL function, `payment_ledger_totals(order id)`; a trigger keeps
 * `buying_history.payment_state` equal to it after every ledger write, and mirrors the
 * money rows into the older `payments` table (which older readers still use). Rows
 * written to `payments` directly are copied into the ledger by a trigger the other way
 * (the two link by `payment_id`, so nothing is copied twice).
 *
 * `courier_remittances`: cash a courier handed over for a set of delivered
 * cash-on-delivery orders; each order is remitted at most once.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { buyingHistory, type PaymentMethod, payments } from "./commerce.ts";
import { users } from "./identity.ts";

const at = (name: string) => timestamp(name, { withTimezone: true });

export const ledgerEvents = [
  "authorised",
  "captured",
  "failed",
  "voided",
  "refunded",
  "cash_collected",
  "transfer_verified",
  "transfer_rejected",
  "dispute_opened",
  "dispute_won",
  "dispute_lost",
] as const;
export type LedgerEvent = (typeof ledgerEvents)[number];

export const ledgerStatuses = ["succeeded", "pending", "failed"] as const;
export type LedgerStatus = (typeof ledgerStatuses)[number];

export const paymentLedger = pgTable(
  "payment_ledger",
  {
    id: serial("id").primaryKey(),
    historyId: integer("history_id")
      .notNull()
      .references(() => buyingHistory.id, { onDelete: "cascade" }),
    event: varchar("event", { length: 24 }).$type<LedgerEvent>().notNull(),
    /** A refund waits as "pending" until Stripe's webhook (or staff, for cash) confirms it. */
    status: varchar("status", { length: 12 }).$type<LedgerStatus>().notNull().default("succeeded"),
    method: varchar("method", { length: 20 }).$type<PaymentMethod>().notNull(),
    /** Minor units, never negative: the event's kind says which way the money went. */
    amount: integer("amount").notNull(),
    /**
     * The payment provider's fee, minor units, never negative (ADR 0012, card fees): what
     * Stripe kept of a capture, or gave back of it with a refund. Cash and transfers: 0.
     */
    fee: integer("fee").notNull().default(0),
    /** When the fee was read from the provider; null while a Stripe capture or refund waits for it. */
    feeReadAt: at("fee_read_at"),
    currency: varchar("currency", { length: 3 }).notNull(),
    /** Stripe payment intent / refund / dispute id, the transfer's transaction id, a cash receipt. */
    providerReference: varchar("provider_reference", { length: 255 }),
    /** Why (refund reason, rejection note). */
    reason: text("reason").notNull().default(""),
    /** What the provider told us (Stripe ids, the shopper's transfer proof, courier). */
    providerData: jsonb("provider_data").$type<Record<string, unknown>>().notNull().default({}),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who, as named then: a staff member, "Stripe", "System". */
    actorName: varchar("actor_name", { length: 120 }).notNull(),
    /** The older `payments` row this event is mirrored to / copied from. */
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    /** Courier remittance that brought this cash in. */
    remittanceId: integer("remittance_id"),
    createdAt: at("created_at").notNull().defaultNow(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("payment_ledger_amount_check", sql`${t.amount} >= 0`),
    check("payment_ledger_fee_check", sql`${t.fee} >= 0`),
    index("payment_ledger_history_idx").on(t.historyId, t.id),
    index("payment_ledger_created_idx").on(t.createdAt.desc()),
    index("payment_ledger_reference_idx").on(t.providerReference),
    uniqueIndex("payment_ledger_payment_idx").on(t.paymentId),
    // The card rows whose fee is still to be read (the fee job looks at recent ones).
    index("payment_ledger_fee_unread_idx")
      .on(t.createdAt)
      .where(sql`${t.feeReadAt} is null and ${t.method} = 'card' and ${t.event} in ('captured', 'refunded')`),
  ],
);

export const courierRemittances = pgTable(
  "courier_remittances",
  {
    id: serial("id").primaryKey(),
    courier: varchar("courier", { length: 80 }).notNull(),
    amount: integer("amount").notNull(),
    currency: varchar("currency", { length: 3 }).notNull(),
    reference: varchar("reference", { length: 120 }).notNull().default(""),
    note: text("note").notNull().default(""),
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: varchar("actor_name", { length: 120 }).notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("courier_remittances_amount_check", sql`${t.amount} > 0`),
    index("courier_remittances_courier_idx").on(t.courier),
  ],
);

export const courierRemittanceOrders = pgTable(
  "courier_remittance_orders",
  {
    remittanceId: integer("remittance_id")
      .notNull()
      .references(() => courierRemittances.id, { onDelete: "cascade" }),
    historyId: integer("history_id")
      .notNull()
      .references(() => buyingHistory.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
  },
  (t) => [uniqueIndex("courier_remittance_orders_history_idx").on(t.historyId)],
);
