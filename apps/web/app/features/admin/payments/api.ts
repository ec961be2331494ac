/** The payments back office (issue 15): queries, actions and CSV downloads. */
import { paymentEndpoints as endpoints, formatMinor, minorDigits } from "@atelier/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { browserApi } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/money.ts";

export { endpoints as paymentEndpoints };

export const paymentKeys = {
  all: ["payments"] as const,
  transactions: (query: object) => [...paymentKeys.all, "transactions", query] as const,
  transaction: (id: number) => [...paymentKeys.all, "transaction", id] as const,
  refunds: (query: object) => [...paymentKeys.all, "refunds", query] as const,
  verifications: () => [...paymentKeys.all, "verifications"] as const,
  remittances: () => [...paymentKeys.all, "remittances"] as const,
  payouts: () => [...paymentKeys.all, "payouts"] as const,
  reconciliation: (query: object) => [...paymentKeys.all, "reconciliation", query] as const,
};

type Query = Record<string, string | number | undefined>;

export const useTransactions = (query: Query) =>
  useQuery({
    queryKey: paymentKeys.transactions(query),
    queryFn: () => browserApi.get(endpoints.transactions, { query }),
    placeholderData: keepPreviousData,
  });
export const useTransaction = (id: number) =>
  useQuery({
    queryKey: paymentKeys.transaction(id),
    queryFn: () => browserApi.get(endpoints.transaction, { params: { id } }),
  });
export const useRefunds = (query: Query) =>
  useQuery({
    queryKey: paymentKeys.refunds(query),
    queryFn: () => browserApi.get(endpoints.refunds, { query }),
    placeholderData: keepPreviousData,
  });
export const useVerifications = () =>
  useQuery({ queryKey: paymentKeys.verifications(), queryFn: () => browserApi.get(endpoints.verifications) });
export const useRemittances = () =>
  useQuery({ queryKey: paymentKeys.remittances(), queryFn: () => browserApi.get(endpoints.remittances) });
export const usePayouts = () =>
  useQuery({ queryKey: paymentKeys.payouts(), queryFn: () => browserApi.get(endpoints.payouts) });
export const useReconciliation = (query: Query) =>
  useQuery({
    queryKey: paymentKeys.reconciliation(query),
    queryFn: () => browserApi.get(endpoints.reconciliation, { query }),
    placeholderData: keepPreviousData,
  });

export const paymentActions = {
  refund: (body: {
    orderId: number;
    version: number;
    amount?: number;
    lines?: { orderLineId: number; quantity: number }[];
    reason: string;
    reference?: string;
    idempotencyKey?: string;
  }) => browserApi.send(endpoints.issueRefund, { body }),
  settle: (id: number, body: { outcome: "succeeded" | "failed"; reference?: string; note?: string }) =>
    browserApi.send(endpoints.settleRefund, { params: { id }, body }),
  decide: (id: number, body: { version: number; decision: "verify" | "reject"; note?: string }) =>
    browserApi.send(endpoints.verify, { params: { id }, body }),
  remit: (body: { courier: string; orderIds: number[]; amount: number; reference?: string; note?: string }) =>
    browserApi.send(endpoints.recordRemittance, { body }),
};

/** "12.50" typed by staff → 1250 minor units (NaN when it is not an amount). */
export function parseAmount(text: string, currency: string): number {
  const trimmed = text.trim().replace(",", ".");
  if (!/^\d+(\.\d{1,3})?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 10 ** minorDigits(currency));
}
export const decimalOf = (amount: number, currency: string) => formatMinor(amount, minorDigits(currency));

export const methodLabels: Record<string, string> = {
  card: "Card (Stripe)",
  cod: "Cash on delivery",
  manual_transfer: "Manual transfer",
};

/** A ledger row's fee as staff read it (Stripe's fee, ADR 0012), or null when it has none. */
export function feeText(row: { fee: number; feePending: boolean; currency: string }): string | null {
  if (row.feePending) return "Stripe fee not reported yet";
  return row.fee > 0 ? `Fee ${formatMoney(row.fee, row.currency)}` : null;
}

export const fetchOrderMoney = (number: string) => browserApi.get(endpoints.order, { params: { number } });
