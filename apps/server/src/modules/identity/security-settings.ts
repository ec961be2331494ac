/**
 * The Owner's security rule (issue 37 item 9): whether every staff role needs a second
 * factor before the admin opens. One row; read on every admin request with the staff
 * access (staff-access.ts), so a change counts at the next request in every process.
 */
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { securitySettings } from "../../db/schema/index.ts";

export interface SecuritySettings {
  requireStaffSecondFactor: boolean;
}

export function securitySettingsRepository(db: Db) {
  return {
    async get(tx: Db | Tx = db): Promise<SecuritySettings> {
      const [row] = await tx
        .select({ requireStaffSecondFactor: securitySettings.requireStaffSecondFactor })
        .from(securitySettings)
        .where(eq(securitySettings.id, 1));
      return { requireStaffSecondFactor: row?.requireStaffSecondFactor ?? false };
    },

    /** Writes the row and answers what it was before (for the activity log). */
    async set(settings: SecuritySettings, tx: Db | Tx = db): Promise<SecuritySettings> {
      const before = await (async () => {
        const [row] = await tx
          .select({ requireStaffSecondFactor: securitySettings.requireStaffSecondFactor })
          .from(securitySettings)
          .where(eq(securitySettings.id, 1))
          .for("update");
        return { requireStaffSecondFactor: row?.requireStaffSecondFactor ?? false };
      })();
      await tx
        .insert(securitySettings)
        .values({ id: 1, ...settings })
        .onConflictDoUpdate({ target: securitySettings.id, set: { ...settings, updatedAt: sql`now()` } });
      return before;
    },
  };
}

export type SecuritySettingsRepository = ReturnType<typeof securitySettingsRepository>;
