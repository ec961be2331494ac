import { count, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.ts";
import { customizationRequests } from "../../db/schema/index.ts";

/**
 * How many customization requests staff have not checked yet (the side menu's
 * Customization Requests badge shows min(99, floor(this / 2)): the spec's "divided by
 * two", rounded down, capped at 99).
 */
export async function uncheckedCustomizationCount(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(customizationRequests)
    .where(eq(customizationRequests.isChecked, false));
  return row?.n ?? 0;
}
