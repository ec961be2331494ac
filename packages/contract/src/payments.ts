/**
 * Payments back office (issue 15): the payment ledger's transactions, refunds, the
 * manual-transfer verification queue, courier remittances (cash on delivery), Stripe
 * payouts and the reconciliation summary. Everything needs the `payments` permission but
 * issuing and settling refunds (and the order look-up for them), which need `refunds`.
 * Money is integer minor units.
 */
import { z } from "zod";
import { Id, IdempotencyKey, IdParam, MinorUnits } from "./common.ts";
import { defineEndpoint } from "./endpoint.ts";
import { PaymentMethod, PaymentState } from "./orders.ts";

export const paymentPaths = {
  transactions: "/admin/payments/transactions",
  transactionsExport: "/admin/payments/transactions/export",
  transaction: "/admin/payments/transactions/:id",
  refunds: "/admin/payments/refunds",
  refundSettle: "/admin/payments/refunds/:id/settle",
  verifications: "/admin/payments/verifications",
  verification: "/admin/payments/verifications/:id",
  remittances: "/admin/payments/remittances",
  payouts: "/admin/payments/payouts",
  reconciliation: "/admin/payments/reconciliation",
  reconciliationExport: "/admin/payments/reconciliation/export",
  order: "/admin/payments/orders/:number",
} as const;

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
export const LedgerEvent = z.enum(ledgerEvents);
export type LedgerEvent = z.infer<typeof LedgerEvent>;
export const ledgerEventLabels: Record<LedgerEvent, string> = {
  authorised: "Authorised",
  captured: "Captured",
  failed: "Failed",
  voided: "Voided / expired",
  refunded: "Refunded",
  cash_collected: "Cash collected",
  transfer_verified: "Transfer verified",
  transfer_rejected: "Transfer rejected",
  dispute_opened: "Dispute opened",
  dispute_won: "Dispute won",
  dispute_lost: "Dispute lost",
};
export const ledgerStatuses = ["succeeded", "pending", "failed"] as const;
export const LedgerStatus = z.enum(ledgerStatuses);
export type LedgerStatus = z.infer<typeof LedgerStatus>;

/** Which way an event moved money: +1 in, −1 out, 0 none. */
export function ledgerDirection(event: LedgerEvent, status: LedgerStatus): -1 | 0 | 1 {
  if (status === "failed") return 0;
  if (event === "captured" || event === "cash_collected" || event === "transfer_verified") {
    return status === "succeeded" ? 1 : 0;
  }
  if (event === "refunded") return -1;
  if (event === "dispute_lost") return status === "succeeded" ? -1 : 0;
  return 0;
}

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date (YYYY-MM-DD)" });

export const transactionSorts = ["newest", "oldest", "amount-desc", "amount-asc"] as const;

export const TransactionFilter = z.object({
  /** Order number, customer name or email, or provider reference (contains). */
  q: optional(z.string().trim().max(100)),
  method: optional(PaymentMethod),
  event: optional(LedgerEvent),
  status: optional(LedgerStatus),
  from: optional(Day),
  to: optional(Day),
  sort: optional(z.enum(transactionSorts)),
});
export const TransactionListQuery = TransactionFilter.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const LedgerRow = z.object({
  id: Id,
  orderId: Id,
  orderNumber: z.string(),
  customerName: z.string(),
  email: z.string(),
  event: LedgerEvent,
  status: LedgerStatus,
  method: PaymentMethod,
  amount: MinorUnits,
  /**
   * The payment provider's fee (Stripe's balance transaction): what it kept of a payment
   * received, or gave back of it with a refund. 0 for cash and transfers.
   */
  fee: MinorUnits,
  /** A Stripe payment or refund whose fee Stripe has not reported yet (its fee reads 0 until then). */
  feePending: z.boolean(),
  currency: z.string(),
  direction: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  providerReference: z.string().nullable(),
  reason: z.string(),
  actorName: z.string(),
  createdAt: z.string(),
});
export type LedgerRow = z.infer<typeof LedgerRow>;

export const TransactionPage = z.object({
  items: z.array(LedgerRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
  /**
   * Over every row the filter matches (not just this page). `fees`: providers' fees on
   * money in, less fees given back with refunds; `netAfterFees` = net − fees.
   */
  totals: z.object({
    moneyIn: MinorUnits,
    moneyOut: MinorUnits,
    net: z.number().int(),
    fees: z.number().int(),
    netAfterFees: z.number().int(),
    currency: z.string(),
  }),
});
export type TransactionPage = z.infer<typeof TransactionPage>;

export const OrderMoney = z.object({
  id: Id,
  number: z.string(),
  customerName: z.string(),
  email: z.string(),
  status: z.string(),
  paymentMethod: PaymentMethod,
  paymentState: PaymentState,
  total: MinorUnits,
  paid: MinorUnits,
  refunded: MinorUnits,
  refundable: MinorUnits,
  currency: z.string(),
  version: z.number().int(),
  transferReference: z.string().nullable(),
  courier: z.string().nullable(),
  lines: z.array(
    z.object({
      id: Id,
      productName: z.string(),
      sizeName: z.string(),
      colorName: z.string(),
      quantity: z.number().int(),
      /** What the shopper paid for the line (total − its discount share). */
      paid: MinorUnits,
    }),
  ),
});
export type OrderMoney = z.infer<typeof OrderMoney>;

export const TransactionDetail = z.object({
  transaction: LedgerRow.extend({ providerData: z.record(z.string(), z.unknown()) }),
  order: OrderMoney,
  /** Every ledger event of the order, oldest first. */
  events: z.array(LedgerRow),
});
export type TransactionDetail = z.infer<typeof TransactionDetail>;

export const refundViews = ["all", "pending", "succeeded", "failed"] as const;
export const RefundListQuery = z.object({
  q: optional(z.string().trim().max(100)),
  view: optional(z.enum(refundViews)),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const RefundRow = LedgerRow.extend({
  /** A pending refund staff must complete by hand (cash, transfer, or a card without Stripe). */
  needsAction: z.boolean(),
});
export const RefundPage = z.object({
  items: z.array(RefundRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
  pendingCount: z.number().int(),
});
export type RefundPage = z.infer<typeof RefundPage>;

export const IssueRefundBody = z
  .object({
    orderId: Id,
    version: z.number().int().positive(),
    /** Minor units; or give `lines` and the amount is what those units were paid. */
    amount: z.number().int().optional(),
    lines: z
      .array(z.object({ orderLineId: Id, quantity: z.number().int().positive() }))
      .max(200)
      .optional(),
    reason: z.string().trim().min(1, { error: "Say why the money goes back." }).max(500),
    /** Cash or transfer refunds: the receipt / transaction id of the money handed back. */
    reference: z.string().trim().max(120).optional(),
    idempotencyKey: IdempotencyKey.optional(),
  })
  .refine((body) => body.amount !== undefined || (body.lines?.length ?? 0) > 0, {
    error: "Enter an amount or choose lines.",
    path: ["amount"],
  });
export const IssueRefundResult = z.object({
  refundId: Id,
  status: LedgerStatus,
  /** True when this answered a repeat of a refund already made (same idempotency key). */
  replayed: z.boolean(),
  amount: MinorUnits,
  version: z.number().int(),
  paid: MinorUnits,
  refunded: MinorUnits,
});

export const SettleRefundBody = z.object({
  outcome: z.enum(["succeeded", "failed"]),
  reference: z.string().trim().max(120).default(""),
  note: z.string().trim().max(500).default(""),
});

export const VerificationRow = z.object({
  orderId: Id,
  orderNumber: z.string(),
  customerName: z.string(),
  email: z.string(),
  total: MinorUnits,
  currency: z.string(),
  transferReference: z.string().nullable(),
  placedAt: z.string(),
  version: z.number().int(),
});
export const VerificationQueue = z.object({ items: z.array(VerificationRow) });
export type VerificationQueue = z.infer<typeof VerificationQueue>;
export const VerificationBody = z.object({
  version: z.number().int().positive(),
  decision: z.enum(["verify", "reject"]),
  note: z.string().trim().max(500).default(""),
  reference: z.string().trim().max(80).optional(),
});

export const RemittanceOverview = z.object({
  couriers: z.array(
    z.object({
      courier: z.string(),
      /** Delivered cash orders not yet handed over. */
      owed: MinorUnits,
      remitted: MinorUnits,
      orders: z.array(
        z.object({ orderId: Id, orderNumber: z.string(), total: MinorUnits, deliveredAt: z.string().nullable() }),
      ),
    }),
  ),
  recent: z.array(
    z.object({
      id: Id,
      courier: z.string(),
      amount: MinorUnits,
      orderNumbers: z.array(z.string()),
      reference: z.string(),
      note: z.string(),
      actorName: z.string(),
      createdAt: z.string(),
    }),
  ),
  currency: z.string(),
});
export type RemittanceOverview = z.infer<typeof RemittanceOverview>;
export const RemittanceBody = z.object({
  courier: z.string().trim().min(1).max(80),
  orderIds: z.array(Id).min(1, { error: "Choose the orders the courier paid for." }).max(500),
  /** What the courier handed over; must equal the orders' totals. */
  amount: z.number().int().positive(),
  reference: z.string().trim().max(120).default(""),
  note: z.string().trim().max(500).default(""),
});
export const RemittanceResult = z.object({ id: Id, amount: MinorUnits, orders: z.number().int() });

export const PayoutLine = z.object({
  id: z.string(),
  type: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  net: z.number().int(),
  source: z.string().nullable(),
  orderId: Id.nullable(),
  orderNumber: z.string().nullable(),
});
export const Payout = z.object({
  id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  arrivalDate: z.string(),
  fees: z.number().int(),
  lines: z.array(PayoutLine),
});
export const PayoutsView = z.object({
  configured: z.boolean(),
  payouts: z.array(Payout),
  error: z.string().nullable(),
});
export type PayoutsView = z.infer<typeof PayoutsView>;

export const ReconciliationQuery = z.object({
  from: optional(Day),
  to: optional(Day),
  group: optional(z.enum(["day", "week", "month"])),
});
export const ReconciliationRow = z.object({
  period: z.string(),
  method: PaymentMethod,
  captured: MinorUnits,
  refunded: MinorUnits,
  /** The ledger's fees of the period's payments, less fees refunds gave back (card fees, ADR 0012). */
  fees: z.number().int(),
  net: z.number().int(),
  paidOut: MinorUnits,
  outstanding: z.number().int(),
});
export const Mismatch = z.object({
  kind: z.enum(["webhook_missing", "payout_line_without_order", "refund_pending", "cash_not_remitted"]),
  message: z.string(),
  orderId: Id.nullable(),
  orderNumber: z.string().nullable(),
  reference: z.string().nullable(),
});
export const Reconciliation = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  rows: z.array(ReconciliationRow),
  mismatches: z.array(Mismatch),
});
export type Reconciliation = z.infer<typeof Reconciliation>;

const tags = ["Payments"] as const;
const access = { permission: "payments" } as const;
/** Moving money back needs `refunds` (an action permission), reading the ledger `payments`. */
const refundAccess = { permission: "refunds" } as const;
const ok = z.object({ version: z.number().int() });

export const paymentEndpoints = {
  transactions: defineEndpoint({
    method: "GET",
    path: paymentPaths.transactions,
    summary: "Payment ledger rows with search, filters, sort, pagination and totals for the filter",
    tags,
    access,
    query: TransactionListQuery,
    response: TransactionPage,
  }),
  transactionsExport: defineEndpoint({
    method: "GET",
    path: paymentPaths.transactionsExport,
    summary: "The filtered ledger rows as CSV (text/csv; formulas neutralised)",
    tags,
    access,
    query: TransactionFilter,
    response: z.string(),
  }),
  transaction: defineEndpoint({
    method: "GET",
    path: paymentPaths.transaction,
    summary: "One ledger row with its order, provider data and the order's other events",
    tags,
    access,
    params: z.object({ id: IdParam }),
    response: TransactionDetail,
  }),
  order: defineEndpoint({
    method: "GET",
    path: paymentPaths.order,
    summary: "An order's money by its number: paid, refunded, refundable, lines (for issuing a refund)",
    tags,
    access: refundAccess,
    params: z.object({ number: z.string().trim().min(1).max(20) }),
    response: OrderMoney,
  }),
  refunds: defineEndpoint({
    method: "GET",
    path: paymentPaths.refunds,
    summary: "Every refund with reason, actor, order and method; `view=pending` is the manual-action queue",
    tags,
    access,
    query: RefundListQuery,
    response: RefundPage,
  }),
  issueRefund: defineEndpoint({
    method: "POST",
    path: paymentPaths.refunds,
    summary: "Refunds part of an order by amount or by lines (never above paid minus refunded)",
    tags,
    access: refundAccess,
    body: IssueRefundBody,
    response: IssueRefundResult,
  }),
  settleRefund: defineEndpoint({
    method: "POST",
    path: paymentPaths.refundSettle,
    summary: "Completes a pending refund by hand (money handed back, with its reference) or marks it failed",
    tags,
    access: refundAccess,
    params: z.object({ id: IdParam }),
    body: SettleRefundBody,
    response: ok,
  }),
  verifications: defineEndpoint({
    method: "GET",
    path: paymentPaths.verifications,
    summary: "Manual transfers waiting for verification, oldest first",
    tags,
    access,
    response: VerificationQueue,
  }),
  verify: defineEndpoint({
    method: "POST",
    path: paymentPaths.verification,
    summary: "Verifies (paid) or rejects a manual transfer with a note",
    tags,
    access,
    params: z.object({ id: IdParam }),
    body: VerificationBody,
    response: ok,
  }),
  remittances: defineEndpoint({
    method: "GET",
    path: paymentPaths.remittances,
    summary: "Cash owed per courier for delivered cash orders, and recent remittances",
    tags,
    access,
    response: RemittanceOverview,
  }),
  recordRemittance: defineEndpoint({
    method: "POST",
    path: paymentPaths.remittances,
    summary: "Records cash a courier handed over for a set of delivered cash orders",
    tags,
    access,
    body: RemittanceBody,
    response: RemittanceResult,
  }),
  payouts: defineEndpoint({
    method: "GET",
    path: paymentPaths.payouts,
    summary: "Stripe payouts with their balance transactions, matched to orders, with fees",
    tags,
    access,
    response: PayoutsView,
  }),
  reconciliation: defineEndpoint({
    method: "GET",
    path: paymentPaths.reconciliation,
    summary: "Per period and method: captured, refunded, fees, net, paid out, outstanding; and mismatches",
    tags,
    access,
    query: ReconciliationQuery,
    response: Reconciliation,
  }),
  reconciliationExport: defineEndpoint({
    method: "GET",
    path: paymentPaths.reconciliationExport,
    summary: "The reconciliation summary as CSV",
    tags,
    access,
    query: ReconciliationQuery,
    response: z.string(),
  }),
};
