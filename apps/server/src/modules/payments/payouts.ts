/** Card payouts: Stripe's payouts to the shop's bank with their lines, read through the Stripe reader; their fees go onto the ledger. */
import { type ProviderFee, recordProviderFees } from "../payment-ledger/index.ts";
import { matchLines } from "./reconcile.ts";
import type { PaymentsDeps } from "./transactions.ts";

export async function loadPayouts(deps: PaymentsDeps) {
  const { db, stripe } = deps;
  if (!stripe) return { configured: false, payouts: [], error: null };
  try {
    const payouts = await stripe.payouts();
    const lines = payouts.flatMap((payout) => payout.lines);
    // Stripe's word on a fee, as paid out, is the ledger's (a fee read earlier is replaced).
    await recordProviderFees(db, lines.flatMap(feeOfLine), "latest");
    const matched = await matchLines(deps, lines);
    return {
      configured: true,
      payouts: payouts.map((payout) => ({
        ...payout,
        lines: payout.lines.map((line) => ({
          ...line,
          ...(matched.get(line.id) ?? { orderId: null, orderNumber: null, captured: false }),
        })),
      })),
      error: null as string | null,
    };
  } catch (error) {
    return { configured: true, payouts: [], error: `Stripe did not answer: ${(error as Error).message}` };
  }
}

/** The ledger row a payout line's fee belongs to: a charge's capture (by payment intent) or a refund. */
function feeOfLine(line: {
  type: string;
  fee: number;
  source: string | null;
  paymentIntent: string | null;
}): ProviderFee[] {
  if ((line.type === "charge" || line.type === "payment") && line.paymentIntent) {
    return [{ reference: line.paymentIntent, event: "captured", fee: line.fee }];
  }
  if (line.type === "refund" && line.source)
    return [{ reference: line.source, event: "refunded", fee: Math.max(0, -line.fee) }];
  return [];
}
