/**
 * The customization module (issue 7): built once by app.ts. A guest's requests become the
 * account's at sign-in, like their cart and orders.
 */
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import { customizationRequests } from "../../db/schema/index.ts";
import type { GuestService } from "../identity/index.ts";
import type { Mailer } from "../mail/index.ts";
import { customizationRoutes } from "./routes.ts";
import { customizationService } from "./service.ts";

export function createCustomization(deps: {
  db: Db;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  storeName: string;
  publicUrl: string;
  guests: GuestService;
}) {
  const service = customizationService(deps);
  deps.guests.registerMerger(async ({ tx, guestId, userId }) => {
    await tx
      .update(customizationRequests)
      .set({ guestId: null, userId })
      .where(eq(customizationRequests.guestId, guestId));
  });
  return { service, routes: customizationRoutes(service) };
}
export { uncheckedCustomizationCount } from "./badge.ts";
