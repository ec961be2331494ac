/**
 * The payments back office (issue 15): the ledger's transactions, refunds (issued through
 * the orders module's `refund`, which locks the order and checks paid − refunded), the
 * manual-transfer verification queue, courier remittances for cash on delivery, Stripe
 * payouts read through Stripe's API, and the per-period reconciliation.
 */
import type { PayoutsView } from "@atelier/contract";
import { bound } from "../../infra/bound.ts";
import { orderMoney, orderMoneyByNumber } from "./order-money.ts";
import { loadPayouts } from "./payouts.ts";
import { reconcile } from "./reconcile.ts";
import { issueRefund, listRefunds, settleRefund } from "./refunds.ts";
import { recordRemittance, remittanceOverview } from "./remittances.ts";
import { exportTransactions, type PaymentsDeps, transactionDetail, transactions } from "./transactions.ts";
import { decideTransfer, verificationQueue } from "./verify-transfers.ts";

export function paymentsService(deps: PaymentsDeps) {
  return {
    transactions: bound(deps, transactions),
    exportTransactions: bound(deps, exportTransactions),
    transaction: bound(deps, transactionDetail),
    orderMoney: (id: number) => orderMoney(deps, id),
    orderMoneyByNumber: bound(deps, orderMoneyByNumber),
    refundList: bound(deps, listRefunds),
    issueRefund: bound(deps, issueRefund),
    settleRefund: bound(deps, settleRefund),
    verifications: bound(deps, verificationQueue),
    decideTransfer: bound(deps, decideTransfer),
    remittances: bound(deps, remittanceOverview),
    recordRemittance: bound(deps, recordRemittance),
    payouts: async (): Promise<PayoutsView> => {
      const view = await loadPayouts(deps);
      return {
        ...view,
        payouts: view.payouts.map((payout) => ({
          ...payout,
          lines: payout.lines.map(({ captured: _captured, paymentIntent: _intent, ...line }) => line),
        })),
      };
    },
    reconciliation: bound(deps, reconcile),
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
