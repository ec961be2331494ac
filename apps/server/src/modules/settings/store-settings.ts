/**
 * Store settings: one row, read on nearly every request, so kept in memory and reloaded
 * after a write. The store's name always comes from STORE_NAME (configuration).
 */
import type { StoreSettings } from "@atelier/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { inventorySettings, storeSettings } from "../../db/schema/index.ts";

export const defaultContact: StoreSettings["contact"] = {
  headquarters: { label: "Headquarters", address: "", phone: "", email: "", hours: "" },
  displayCenters: [],
};

export function storeSettingsService(db: Db, storeName: string) {
  let cached: Promise<StoreSettings> | undefined;

  async function load(): Promise<StoreSettings> {
    const [row] = await db.select().from(storeSettings).limit(1);
    // Inventory (issue 14) keeps the "Only N left" limit with its other settings.
    const [stock] = await db
      .select({ onlyLeftBelow: inventorySettings.onlyLeftBelow })
      .from(inventorySettings)
      .where(eq(inventorySettings.id, 1));
    return {
      name: storeName,
      tagline: row?.tagline ?? "",
      currency: row?.currency ?? "USD",
      locale: row?.locale ?? "en-US",
      timeZone: row?.timeZone ?? "UTC",
      contact: row?.contact ?? defaultContact,
      social: row?.social ?? [],
      onlyLeftBelow: stock?.onlyLeftBelow ?? 5,
    };
  }

  return {
    get(): Promise<StoreSettings> {
      cached ??= load().catch((error: unknown) => {
        cached = undefined;
        throw error;
      });
      return cached;
    },
    invalidate(): void {
      cached = undefined;
    },
  };
}

export type StoreSettingsService = ReturnType<typeof storeSettingsService>;
