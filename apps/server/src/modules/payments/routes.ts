/** The payments back-office routes (issue 15); access (`payments`) comes from the contract. */
import { paymentEndpoints as endpoints, ledgerEventLabels, minorDigits } from "@atelier/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { callerOf } from "../../http/access.ts";
import { sendCsv, toCsv } from "../../http/csv.ts";
import { addRoute } from "../../http/routes.ts";
import type { Actor } from "../orders/index.ts";
import type { PaymentsService } from "./service.ts";

async function actorOf(request: FastifyRequest): Promise<Actor> {
  const identity = await callerOf(request);
  return { userId: identity.user.id, name: identity.user.name || identity.user.email, email: identity.user.email };
}

/** Decimal amount of minor units (e.g. 1250 USD → "12.50"). */
export const decimal = (amount: number, currency: string) => {
  const digits = minorDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
};

export function paymentRoutes(service: PaymentsService) {
  return async (app: FastifyInstance) => {
    addRoute(app, endpoints.transactions, (request) => service.transactions(request.query));
    addRoute(app, endpoints.transactionsExport, async (request, reply) => {
      const rows = await service.exportTransactions(request.query);
      const csv = toCsv(
        [
          "id",
          "time",
          "order",
          "customer",
          "email",
          "method",
          "event",
          "status",
          "direction",
          "amount",
          "fee",
          "net",
          "currency",
          "reference",
          "reason",
          "by",
        ],
        rows.map((row) => [
          row.id,
          row.createdAt,
          row.orderNumber,
          row.customerName,
          row.email,
          row.method,
          ledgerEventLabels[row.event],
          row.status,
          row.direction > 0 ? "in" : row.direction < 0 ? "out" : "",
          decimal(row.amount, row.currency),
          // A fee Stripe has not reported yet is left blank, not 0.
          row.feePending ? "" : decimal(row.fee, row.currency),
          row.feePending ? "" : decimal(row.amount - row.fee, row.currency),
          row.currency,
          row.providerReference ?? "",
          row.reason,
          row.actorName,
        ]),
      );
      return sendCsv(reply, "transactions", csv);
    });
    addRoute(app, endpoints.transaction, (request) => service.transaction(request.params.id));
    addRoute(app, endpoints.order, (request) => service.orderMoneyByNumber(request.params.number));
    addRoute(app, endpoints.refunds, (request) => service.refundList(request.query));
    addRoute(app, endpoints.issueRefund, async (request) => service.issueRefund(request.body, await actorOf(request)));
    addRoute(app, endpoints.settleRefund, async (request) =>
      service.settleRefund(request.params.id, request.body, await actorOf(request)),
    );
    addRoute(app, endpoints.verifications, () => service.verifications());
    addRoute(app, endpoints.verify, async (request) =>
      service.decideTransfer(request.params.id, request.body, await actorOf(request)),
    );
    addRoute(app, endpoints.remittances, () => service.remittances());
    addRoute(app, endpoints.recordRemittance, async (request) =>
      service.recordRemittance(request.body, await actorOf(request)),
    );
    addRoute(app, endpoints.payouts, () => service.payouts());
    addRoute(app, endpoints.reconciliation, (request) => service.reconciliation(request.query));
    addRoute(app, endpoints.reconciliationExport, async (request, reply) => {
      const view = await service.reconciliation(request.query);
      const csv = toCsv(
        ["period", "method", "captured", "refunded", "fees", "net", "paid_out", "outstanding", "currency"],
        view.rows.map((row) => [
          row.period,
          row.method,
          decimal(row.captured, view.currency),
          decimal(row.refunded, view.currency),
          decimal(row.fees, view.currency),
          decimal(row.net, view.currency),
          decimal(row.paidOut, view.currency),
          decimal(row.outstanding, view.currency),
          view.currency,
        ]),
      );
      return sendCsv(reply, "reconciliation", csv);
    });
  };
}
