/**
 * Running the shop: orders (issue 7). Staff read orders grouped by history id (drafts
 * hidden, the spec's sort: unchecked first, then checked by most recent checkedDate) and
 * act on one: check / undo, statuses (through the orders service's `transition`, so the
 * machine, the version, the timeline and the mails stay in one place), cancel with
 * restock, refunds, payment verification and notes. Every action locks or
 * version-checks the order row, so two staff acting at once: one wins, the other 409.
 */

import { bound } from "../../infra/bound.ts";
import { customerCarts } from "./customer-carts.ts";
import {
  addOrderNote,
  bulkUpdateOrders,
  changeOrderStatus,
  checkOrder,
  refundOrder,
  verifyTransferPayment,
} from "./order-changes.ts";
import { orderDetail } from "./order-detail.ts";
import { type AdminOrdersDeps, buyingHistoryRecords, exportOrderRows, listOrders, orderBadges } from "./order-list.ts";

export function adminOrdersService(deps: AdminOrdersDeps) {
  return {
    buyingHistory: bound(deps, buyingHistoryRecords),
    badges: bound(deps, orderBadges),
    list: bound(deps, listOrders),
    exportRows: bound(deps, exportOrderRows),
    get: bound(deps, orderDetail),
    check: bound(deps, checkOrder),
    status: bound(deps, changeOrderStatus),
    refund: bound(deps, refundOrder),
    verifyPayment: bound(deps, verifyTransferPayment),
    note: bound(deps, addOrderNote),
    bulk: bound(deps, bulkUpdateOrders),
    carts: bound(deps, customerCarts),
  };
}

export type AdminOrdersService = ReturnType<typeof adminOrdersService>;
