/**
 * The payment ledger (issue 15, ADR 0012): every money event of an order is one
 * `payment_ledger` row, written by checkout, orders (refunds), the staff order pages and the
 * payments back office, and by the provider's events (refunds, disputes) that checkout's
 * webhook hands over. It sits below all of them (ADR 0021) and imports no other module.
 */

export {
  awaitingFee,
  deriveLedgerState,
  type LedgerTotals,
  ledgerTotals,
  type ProviderFee,
  recordLedger,
  recordProviderFees,
  settleLedgerRow,
} from "./ledger.ts";
export { applyPaymentEvent, type WebhookOutcome } from "./provider-events.ts";
