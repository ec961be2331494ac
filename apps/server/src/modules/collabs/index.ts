/**
 * Collabs and drops (issue 16): collaborators, drops (with the placement guard checkout
 * runs inside its order transaction), "Notify me" with its jobs, referral attribution
 * (read from the promotions engine's coupon redemptions) and royalty statements.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../infra/jobs.ts";
import type { CheckoutService } from "../checkout/index.ts";
import type { Mailer } from "../mail/index.ts";
import { collaboratorsService } from "./collaborators.ts";
import { dropGuard, dropsService } from "./drops.ts";
import { notifyService } from "./notify.ts";
import { collabRoutes } from "./routes.ts";
import { statementsService } from "./statements.ts";

export { dropGuard } from "./drops.ts";

export function createCollabs(deps: {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  log: FastifyBaseLogger;
  storeName: string;
  publicUrl: string;
  checkout: CheckoutService;
  currency: () => Promise<string>;
  invalidateCatalog: () => void;
  /** Tells every process that collaborators changed (the page cache's surrogate key `collabs`). */
  collabsChanged: () => void;
  notifyPerIpPerMinute?: number;
}) {
  deps.checkout.usePlacementGuard(dropGuard);
  const collaborators = collaboratorsService({
    db: deps.db,
    invalidateCatalog: deps.invalidateCatalog,
    collabsChanged: deps.collabsChanged,
  });
  const drops = dropsService({ db: deps.db, jobs: deps.jobs, invalidateCatalog: deps.invalidateCatalog });
  const notify = notifyService(deps);
  const statements = statementsService({ db: deps.db, currency: deps.currency });
  return {
    collaborators,
    drops,
    notify,
    statements,
    routes: collabRoutes({
      collaborators,
      drops,
      notify,
      statements,
      notifyPerIpPerMinute: deps.notifyPerIpPerMinute ?? 10,
    }),
  };
}

export type CollabsModule = ReturnType<typeof createCollabs>;
