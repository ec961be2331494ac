/**
 * What every storefront page needs: the store settings and the taxonomy the navigation
 * is built from. Per the spec's error catalogue (section 8) a failed category or gender
 * load is logged and leaves the lists empty; the shop still renders.
 */
import { catalogEndpoints, type StoreSettings, type Taxonomy } from "@atelier/contract";
import type { ApiClient } from "../../lib/api.ts";

export const emptyTaxonomy: Taxonomy = { genders: [], categories: [], subCategories: [], subSubCategories: [] };

export const fallbackSettings: StoreSettings = {
  name: "Atelier",
  tagline: "",
  currency: "USD",
  locale: "en-US",
  timeZone: "UTC",
  contact: {
    headquarters: { label: "Headquarters", address: "", phone: "", email: "", hours: "" },
    displayCenters: [],
  },
  social: [],
  onlyLeftBelow: 5,
};

export async function loadShell(
  api: Pick<ApiClient, "get">,
  log: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): Promise<{ settings: StoreSettings; taxonomy: Taxonomy }> {
  const [settings, taxonomy] = await Promise.allSettled([
    api.get(catalogEndpoints.store),
    api.get(catalogEndpoints.taxonomy),
  ]);
  if (settings.status === "rejected") log("Store settings failed to load", settings.reason);
  if (taxonomy.status === "rejected") log("Categories failed to load", taxonomy.reason);
  return {
    settings: settings.status === "fulfilled" ? settings.value : fallbackSettings,
    taxonomy: taxonomy.status === "fulfilled" ? taxonomy.value : emptyTaxonomy,
  };
}
