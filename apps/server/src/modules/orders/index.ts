/**
 * The orders module: built once by app.ts and shared as `app.services.orders`, so checkout
 * (confirmation mail, paid → placed) and the staff pages (issue 7) use the same service.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { GuestService } from "../identity/index.ts";
import type { Mailer } from "../mail/index.ts";
import { orderLinkSigner } from "./links.ts";
import { ordersRepository } from "./repository.ts";
import { ordersService } from "./service.ts";

export function createOrders(deps: {
  db: Db;
  secret: string;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  storeName: string;
  publicUrl: string;
  guests: GuestService;
}) {
  const repo = ordersRepository(deps.db);
  const service = ordersService({ ...deps, repo, links: orderLinkSigner(deps.secret) });
  // A guest's orders become the account's at sign-in, like their cart and wishlist.
  deps.guests.registerMerger(({ tx, guestId, userId }) => repo.claimGuestOrders(guestId, userId, tx));
  return service;
}
export { paidAndRefunded, type Refunds } from "./refunds.ts";
export { type OrdersRepository, ownedBy } from "./repository.ts";
export { type Actor, activityActorOf, type OrdersService, orderLineView, requestView } from "./service.ts";
export { nextStatuses } from "./status.ts";
