/**
 * The guest's signed order link: `/my-orders/{number}?token=…`, where the token is an
 * HMAC of the order's id under the app secret (a purpose of its own, so no other signed
 * value can stand in for it). Verified in constant time.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function orderLinkSigner(secret: string) {
  const sign = (orderId: number) =>
    createHmac("sha256", `${secret}:order-link`).update(String(orderId)).digest("base64url");
  return {
    sign,
    verify(orderId: number, token: string | undefined): boolean {
      if (!token) return false;
      const expected = Buffer.from(sign(orderId));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type OrderLinkSigner = ReturnType<typeof orderLinkSigner>;
