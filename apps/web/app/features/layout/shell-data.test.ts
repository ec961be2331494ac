import { catalogEndpoints, type Endpoint, type StoreSettings, type Taxonomy } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { emptyTaxonomy, fallbackSettings, loadShell } from "./shell-data.ts";

const settings: StoreSettings = { ...fallbackSettings, name: "Maison", currency: "EUR" };
const taxonomy: Taxonomy = { ...emptyTaxonomy, genders: [{ id: 1, name: "Men", slug: "men" }] };

function apiAnswering(failing: Endpoint[]) {
  return {
    get: async (endpoint: Endpoint) => {
      if (failing.includes(endpoint)) throw new ApiError(503, undefined);
      return (endpoint === catalogEndpoints.store ? settings : taxonomy) as never;
    },
  };
}

describe("loadShell", () => {
  it("returns the settings and taxonomy the API answers", async () => {
    expect(await loadShell(apiAnswering([]))).toEqual({ settings, taxonomy });
  });

  it("logs a failed category load and leaves the lists empty (spec section 8)", async () => {
    const logged: string[] = [];
    const shell = await loadShell(apiAnswering([catalogEndpoints.taxonomy]), (message) => logged.push(message));
    expect(shell).toEqual({ settings, taxonomy: emptyTaxonomy });
    expect(logged).toEqual(["Categories failed to load"]);
  });

  it("falls back to default store settings when they fail to load", async () => {
    const logged: string[] = [];
    const shell = await loadShell(apiAnswering([catalogEndpoints.store]), (message) => logged.push(message));
    expect(shell.settings).toEqual(fallbackSettings);
    expect(shell.taxonomy).toEqual(taxonomy);
    expect(logged).toEqual(["Store settings failed to load"]);
  });
});
