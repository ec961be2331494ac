/** Users: role and user management and the insights charts; the dashboard reuses the insights reads and day keys. */
export { periodStart, zeroFilled } from "./days.ts";
export { type InsightsRepository, insightsRepository } from "./insights-repository.ts";
