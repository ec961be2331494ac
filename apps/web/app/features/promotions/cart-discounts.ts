/**
 * The cart page's discounts: the same quote checkout uses (so what the cart shows is what
 * checkout charges), asked without zod, for the cart page's chunk.
 */
import type { ErrorBody, Quote } from "@atelier/contract";
import { endpointUrl, shopApiPaths } from "@atelier/contract/constants";
import { useQuery } from "@tanstack/react-query";
import { ApiError, browserTransport } from "../../lib/api.ts";

async function quote(body: { deliveryZoneId: number | null; couponCode: string | null }): Promise<Quote> {
  const response = await browserTransport(endpointUrl({ path: shopApiPaths.checkoutQuote }), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(response.status, answer as ErrorBody | undefined);
  return answer as Quote;
}

/** `cartKey` changes whenever the cart's lines do, so the discounts follow the cart. */
export function useCartDiscounts(input: { zoneId: number | null; coupon: string | null; cartKey: string }) {
  return useQuery({
    queryKey: ["cart-discounts", input.zoneId, input.coupon, input.cartKey],
    queryFn: () => quote({ deliveryZoneId: input.zoneId, couponCode: input.coupon }),
    placeholderData: (previous) => previous,
    staleTime: 10_000,
  });
}
