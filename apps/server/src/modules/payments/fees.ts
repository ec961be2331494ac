/**
 * Card fees onto the payment ledger (ADR 0012, addendum "card fees"). Stripe tells a
 * payment's fee in its balance transaction, which may exist only some time after the
 * payment (and is never in the webhook's event), so it is read afterwards: the job
 * `payments.read-fees` asks Stripe for the fee of each capture and succeeded refund whose
 * fee is still unread (the last 30 days), every five minutes and at once when a card order
 * is paid. A payment Stripe has no balance transaction for yet stays unread for the next
 * run; one Stripe does not know (demo data, another account) is marked read with no fee.
 * Reading Payments → Payouts also writes the fees of the lines it paid out (service.ts).
 */
import { and, asc, gt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { paymentLedger } from "../../db/schema/index.ts";
import type { JobQueue } from "../../infra/jobs.ts";
import { awaitingFee, type ProviderFee, recordProviderFees } from "../payment-ledger/index.ts";
import type { StripeReader } from "./stripe-reader.ts";

export const FEES_JOB = "payments.read-fees";
/** Every five minutes: a card payment's fee is usually there within seconds of it. */
export const FEES_CRON = "*/5 * * * *";
const PAGE = 100;

export interface FeesRead {
  read: number;
  /** Payments Stripe has no balance transaction for yet. */
  waiting: number;
}

/** Reads the unread fees of the last 30 days from Stripe, a page of rows at a time. */
export async function readFees(db: Db, stripe: StripeReader, log: FastifyBaseLogger): Promise<FeesRead> {
  const result: FeesRead = { read: 0, waiting: 0 };
  for (let after = 0; ; ) {
    const rows = await db
      .select({ id: paymentLedger.id, event: paymentLedger.event, reference: paymentLedger.providerReference })
      .from(paymentLedger)
      .where(
        and(awaitingFee, gt(paymentLedger.id, after), sql`${paymentLedger.createdAt} > now() - interval '30 days'`),
      )
      .orderBy(asc(paymentLedger.id))
      .limit(PAGE);
    const fees: ProviderFee[] = [];
    for (const row of rows) {
      const event = row.event === "refunded" ? "refunded" : "captured";
      const reference = row.reference ?? "";
      const read = await stripe.fee(event, reference);
      if (read === "not_yet") {
        result.waiting++;
        continue;
      }
      if (read === "unknown")
        log.warn({ component: "payments", reference }, "Stripe does not know this payment: no fee");
      fees.push({ reference, event, fee: read === "unknown" ? 0 : read.fee });
    }
    result.read += await recordProviderFees(db, fees, "unread");
    if (rows.length < PAGE) return result;
    after = rows.at(-1)?.id ?? after;
  }
}

export function cardFees(deps: { db: Db; jobs: JobQueue; log: FastifyBaseLogger; stripe: StripeReader | null }) {
  const { db, stripe, log } = deps;
  const run = async (): Promise<FeesRead> => {
    if (!stripe) return { read: 0, waiting: 0 };
    const result = await readFees(db, stripe, log);
    if (result.read > 0 || result.waiting > 0) log.info({ component: "payments", ...result }, "card fees read");
    return result;
  };
  // A failed run (Stripe down) is not retried: the fees stay unread and the next run asks again.
  deps.jobs.every(FEES_JOB, FEES_CRON, async () => void (await run()), { retryLimit: 0, expireInSeconds: 300 });
  return {
    run,
    /** Asks the queue to read fees now (a card order was just paid). */
    readSoon: () => deps.jobs.send(FEES_JOB, {}),
  };
}
