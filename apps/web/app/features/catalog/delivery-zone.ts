/**
 * The delivery zone this browser last chose (cart estimate or checkout), kept in
 * localStorage. Product pages are the same cached HTML for every shopper (ADR 0015), so
 * their stock figure is summed over every warehouse; once hydrated, a page whose shopper
 * has a zone asks for the figures of the warehouses shipping there (issue 14).
 */
import type { ProductAvailability, ShopperStock } from "@atelier/contract";
import { shopApiPaths } from "@atelier/contract/constants";
import { useEffect, useState } from "react";
import { browserCall } from "../../lib/api.ts";

const KEY = "atelier.deliveryZoneId";

export function storedZoneId(): number | null {
  try {
    const value = Number(window.localStorage.getItem(KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function rememberZone(zoneId: number | null | undefined): void {
  try {
    if (zoneId && zoneId > 0) window.localStorage.setItem(KEY, String(zoneId));
  } catch {
    // Storage refused (private mode): the pages keep the all-warehouse figure.
  }
}

/** The zone's stock per variant (after hydration, when a zone is known), else null. */
export function useZoneAvailability(productId: number): Map<number, ShopperStock> | null {
  const [figures, setFigures] = useState<Map<number, ShopperStock> | null>(null);
  useEffect(() => {
    const zoneId = storedZoneId();
    setFigures(null);
    if (zoneId === null) return;
    let live = true;
    // By path: the product page must not load the contract's zod schemas.
    browserCall<ProductAvailability>("GET", shopApiPaths.productAvailability, {
      params: { productId },
      query: { zoneId },
    })
      .then((answer) => {
        if (live && answer.zoneId !== null) {
          setFigures(
            new Map(
              answer.variants.map(({ variantId, stockState, onlyLeft }) => [variantId, { stockState, onlyLeft }]),
            ),
          );
        }
      })
      .catch(() => {
        // The page's own figure stands; the server checks stock again at checkout anyway.
      });
    return () => {
      live = false;
    };
  }, [productId]);
  return figures;
}
