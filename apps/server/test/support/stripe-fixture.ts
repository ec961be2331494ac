/**
 * A Stripe-compatible server on loopback for the payments tests (issue 15): answers the
 * calls the shop makes — payouts, a payout's balance transactions (with `source`
 * expanded), a payment intent or a refund (with its balance transaction expanded, for the
 * fee), refunds, Checkout Sessions — from recorded fixtures shaped like Stripe's own
 * answers, and records what it was asked. Like Stripe, a POST repeated with the same
 * `Idempotency-Key` answers the first result again and creates nothing (so a test can
 * count the refunds really made). Nothing leaves the machine. (The official
 * `stripe-mock` is a Go binary with no npm package, so it is not used.)
 */
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FixtureCharge {
  id: string;
  paymentIntent: string;
  amount: number;
  fee: number;
  orderNumber?: string;
}

export interface FixturePayout {
  id: string;
  arrivalDate: Date;
  charges: FixtureCharge[];
  refunds?: { id: string; amount: number; paymentIntent: string; feeReturned?: number }[];
}

/** A payment intent paid by one charge; `fee: null` while Stripe has no balance transaction for it yet. */
export interface FixtureIntent {
  id: string;
  amount: number;
  fee: number | null;
}

export interface StripeFixture {
  url: string;
  payouts: FixturePayout[];
  /** Payment intents the shop may ask about (a payout's charges are known too). */
  intents: FixtureIntent[];
  /** Refunds created (one per idempotency key); `feeReturned`: the fee Stripe gave back with it. */
  refunds: {
    id: string;
    amount: number;
    paymentIntent: string;
    body: string;
    idempotencyKey: string | null;
    feeReturned?: number;
  }[];
  /** Every GET of one payment intent or refund (the fee reads). */
  retrievals: string[];
  /** Every POST /v1/refunds received, replays included. */
  refundRequests: { idempotencyKey: string | null; body: string }[];
  close(): Promise<void>;
}

const list = (data: unknown[], url: string) => ({ object: "list", data, has_more: false, url });

function balanceTransactions(payout: FixturePayout) {
  const created = Math.floor(payout.arrivalDate.getTime() / 1000) - 2 * 24 * 3600;
  const charges = payout.charges.map((charge) => ({
    id: `txn_${charge.id}`,
    object: "balance_transaction",
    amount: charge.amount,
    fee: charge.fee,
    net: charge.amount - charge.fee,
    currency: "usd",
    created,
    type: "charge",
    status: "available",
    source: {
      id: charge.id,
      object: "charge",
      amount: charge.amount,
      payment_intent: charge.paymentIntent,
      metadata: charge.orderNumber ? { orderNumber: charge.orderNumber } : {},
    },
  }));
  const refunds = (payout.refunds ?? []).map((refund) => ({
    id: `txn_${refund.id}`,
    object: "balance_transaction",
    amount: -refund.amount,
    fee: -(refund.feeReturned ?? 0),
    net: -refund.amount + (refund.feeReturned ?? 0),
    currency: "usd",
    created,
    type: "refund",
    status: "available",
    source: {
      id: refund.id,
      object: "refund",
      amount: refund.amount,
      payment_intent: refund.paymentIntent,
      metadata: {},
    },
  }));
  const total = [...charges, ...refunds].reduce((sum, line) => sum + line.net, 0);
  return [
    ...charges,
    ...refunds,
    {
      id: `txn_${payout.id}`,
      object: "balance_transaction",
      amount: -total,
      fee: 0,
      net: -total,
      currency: "usd",
      created,
      type: "payout",
      status: "available",
      source: payout.id,
    },
  ];
}

/** A balance transaction of `amount` with `fee`, expanded or as its id as the request asked. */
function balanceTransaction(id: string, amount: number, fee: number, expanded: boolean) {
  if (!expanded) return `txn_${id}`;
  return { id: `txn_${id}`, object: "balance_transaction", amount, fee, net: amount - fee, currency: "usd" };
}

export async function startStripeFixture(payouts: FixturePayout[] = []): Promise<StripeFixture> {
  const refunds: StripeFixture["refunds"] = [];
  const refundRequests: StripeFixture["refundRequests"] = [];
  const retrievals: string[] = [];
  const answered = new Map<string, object>();
  const fixture = { payouts, refunds, refundRequests, retrievals, intents: [] } as unknown as StripeFixture;
  const intentOf = (id: string): FixtureIntent | undefined =>
    fixture.intents.find((intent) => intent.id === id) ??
    fixture.payouts
      .flatMap((payout) => payout.charges)
      .filter((charge) => charge.paymentIntent === id)
      .map((charge) => ({ id, amount: charge.amount, fee: charge.fee }))[0];
  const server: Server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      const reply = (status: number, value: object) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(value));
      };
      const url = new URL(request.url ?? "/", "http://fixture");
      // What the request asked to expand (`expand[0]=…`, as the Stripe library sends it).
      const expand = [...url.searchParams].filter(([key]) => key.startsWith("expand")).map(([, value]) => value);
      const missing = (what: string) =>
        reply(404, {
          error: { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}` },
        });
      const intentPath = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
      if (request.method === "GET" && intentPath) {
        const id = decodeURIComponent(intentPath[1] ?? "");
        retrievals.push(id);
        const intent = intentOf(id);
        if (!intent) return missing(`payment_intent: '${id}'`);
        const chargeId = `ch_${id.slice(3)}`;
        const charge = {
          id: chargeId,
          object: "charge",
          amount: intent.amount,
          payment_intent: id,
          balance_transaction:
            intent.fee === null
              ? null
              : balanceTransaction(
                  chargeId,
                  intent.amount,
                  intent.fee,
                  expand.includes("latest_charge.balance_transaction"),
                ),
        };
        return reply(200, {
          id,
          object: "payment_intent",
          amount: intent.amount,
          status: "succeeded",
          latest_charge: expand.some((value) => value.startsWith("latest_charge")) ? charge : chargeId,
        });
      }
      const refundPath = url.pathname.match(/^\/v1\/refunds\/([^/]+)$/);
      if (request.method === "GET" && refundPath) {
        const id = decodeURIComponent(refundPath[1] ?? "");
        retrievals.push(id);
        const refund =
          refunds.find((candidate) => candidate.id === id) ??
          fixture.payouts.flatMap((payout) => payout.refunds ?? []).find((candidate) => candidate.id === id);
        if (!refund) return missing(`refund: '${id}'`);
        return reply(200, {
          id,
          object: "refund",
          amount: refund.amount,
          currency: "usd",
          payment_intent: refund.paymentIntent,
          status: "succeeded",
          balance_transaction: balanceTransaction(
            id,
            -refund.amount,
            -(refund.feeReturned ?? 0),
            expand.includes("balance_transaction"),
          ),
        });
      }
      if (request.method === "GET" && url.pathname === "/v1/payouts") {
        return reply(
          200,
          list(
            fixture.payouts.map((payout) => {
              const lines = balanceTransactions(payout);
              const amount = -(lines.at(-1)?.amount ?? 0);
              return {
                id: payout.id,
                object: "payout",
                amount,
                currency: "usd",
                status: "paid",
                arrival_date: Math.floor(payout.arrivalDate.getTime() / 1000),
                created: Math.floor(payout.arrivalDate.getTime() / 1000) - 24 * 3600,
              };
            }),
            "/v1/payouts",
          ),
        );
      }
      if (request.method === "GET" && url.pathname === "/v1/balance_transactions") {
        const payout = fixture.payouts.find((candidate) => candidate.id === url.searchParams.get("payout"));
        return reply(200, list(payout ? balanceTransactions(payout) : [], "/v1/balance_transactions"));
      }
      if (request.method === "POST" && url.pathname === "/v1/refunds") {
        const header = request.headers["idempotency-key"];
        const idempotencyKey = typeof header === "string" ? header : null;
        refundRequests.push({ idempotencyKey, body });
        const earlier = idempotencyKey ? answered.get(idempotencyKey) : undefined;
        if (earlier) {
          response.setHeader("idempotent-replayed", "true");
          return reply(200, earlier);
        }
        const form = new URLSearchParams(body);
        const refund = {
          id: `re_${randomUUID().replaceAll("-", "").slice(0, 24)}`,
          amount: Number(form.get("amount")),
          paymentIntent: form.get("payment_intent") ?? "",
          body,
          idempotencyKey,
        };
        refunds.push(refund);
        const answer = {
          id: refund.id,
          object: "refund",
          amount: refund.amount,
          currency: "usd",
          payment_intent: refund.paymentIntent,
          status: "pending",
          metadata: { orderNumber: form.get("metadata[orderNumber]") ?? "" },
        };
        if (idempotencyKey) answered.set(idempotencyKey, answer);
        return reply(200, answer);
      }
      if (request.method === "POST" && url.pathname === "/v1/checkout/sessions") {
        const id = `cs_test_${randomUUID().replaceAll("-", "")}`;
        return reply(200, {
          id,
          object: "checkout.session",
          url: `https://checkout.stripe.test/c/pay/${id}`,
          status: "open",
        });
      }
      return reply(404, {
        error: { type: "invalid_request_error", message: `No fixture for ${request.method} ${url.pathname}` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  fixture.url = `http://127.0.0.1:${port}`;
  fixture.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fixture;
}
