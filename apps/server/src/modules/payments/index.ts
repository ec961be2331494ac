/** Payments back office (issue 15): transactions, refunds, payouts, reconciliation, card fees. */
export { cardFees, FEES_JOB } from "./fees.ts";
export { paymentRoutes } from "./routes.ts";
export { type PaymentsService, paymentsService } from "./service.ts";
export { stripeReader } from "./stripe-reader.ts";
