/**
 * Reports (issue 17): the routes, and the roll-up refresh as a job of the one queue
 * (ADR 0014): every minute (cron) it recomputes the days whose orders changed, and
 * `refreshSoon` sends it at once (tests, the bench, after a bulk import).
 */
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../infra/jobs.ts";
import { ROLLUP_CRON, ROLLUP_JOB, refreshRollups } from "./rollup.ts";
import { reportRoutes } from "./routes.ts";
import { reportsService, storeTimeZone } from "./service.ts";

export function createReports(deps: {
  db: Db;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  currency: () => Promise<string>;
}) {
  const service = reportsService({ db: deps.db, currency: deps.currency });
  const refresh = async () => {
    const result = await refreshRollups(deps.db, await storeTimeZone(deps.db));
    if (result.rebuilt || result.days > 0)
      deps.log.info({ component: "reports", ...result }, "report roll-ups refreshed");
    return result;
  };
  // A failed refresh is not retried: the marks stay and the next minute's run takes them.
  deps.jobs.every(ROLLUP_JOB, ROLLUP_CRON, async () => void (await refresh()), { retryLimit: 0, expireInSeconds: 600 });
  return {
    service,
    routes: reportRoutes(service),
    /** Refreshes now, in this process (tests, the bench). */
    refresh,
    /** Asks the queue for a refresh now (whichever process fetches it runs it). */
    refreshSoon: () => deps.jobs.send(ROLLUP_JOB, {}),
  };
}

export type ReportsModule = ReturnType<typeof createReports>;
export { addDays, periodOf, todayIn } from "./range.ts";
export { storeTimeZone };
