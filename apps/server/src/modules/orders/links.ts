/**
 * The guest's signed order link: `/my-orders/{number}?token=…`, where the token is an
 * HMAC of the order's id under the app secret (a purpose of its own, so no other signed
 * value can stand in for it). Verified in constant time.
 */
import { createHmac, createSecretKey, timingSafeEqual } from "node:crypto";

export function orderLinkSigner(secret: string) {
  // The key is made once, not from a string at every order.
  const key = createSecretKey(Buffer.from(`${secret}:order-link`, "utf8"));
  const sign = (orderId: number) => createHmac("sha256", key).update(String(orderId)).digest("base64url");
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
