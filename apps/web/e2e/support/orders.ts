/**
 * Placed orders for the order-tracking browser tests, made through the real cart and
 * checkout API with the customer's own token (as the storefront would).
 */
import { randomUUID } from "node:crypto";
import type { PlaceOrderAnswer, ProductCollabInfo, ProductDetails, ProductListAnswer } from "@atelier/contract";
import { type APIRequestContext, expect } from "@playwright/test";

const origin = { origin: process.env.E2E_BASE_URL ?? "" };

/**
 * A published variant with stock to spare, and its product's name. Tests run in parallel
 * on one shop and buy from it, so each picks at random among well-stocked variants rather
 * than all taking the first one until it runs out. Products in a drop are left out: the
 * collabs tests put some in drops that have not launched (not for sale) or that limit
 * units per customer.
 */
export async function variantInStock(request: APIRequestContext) {
  const list = (await (await request.get("/api/products?inStock=1&pageSize=24")).json()) as ProductListAnswer;
  const cards = [...list.items].sort(() => Math.random() - 0.5);
  for (const card of cards) {
    const collab = (await (await request.get(`/api/collabs/product/${card.id}`)).json()) as ProductCollabInfo;
    if (collab.drop) continue;
    const product = (await (await request.get(`/api/products/${card.id}`)).json()) as ProductDetails;
    // "in_stock": more than the "Only N left" limit (the public API tells no exact count above it).
    const variants = product.variants.filter((candidate) => candidate.stockState === "in_stock");
    const variant = variants[Math.floor(Math.random() * variants.length)];
    if (variant) return { product, variant };
  }
  throw new Error("no product in stock");
}

/** A guest identity made through the real /api/guests: the headers that carry its token. */
export async function guestHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const username = `guest${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const response = await request.post("/api/guests", { headers: origin, data: { username } });
  expect(response.ok(), await response.text()).toBe(true);
  return { "x-guest-token": ((await response.json()) as { token: string }).token };
}

/**
 * Puts one variant in the shopper's cart and places a cash-on-delivery order; answers its
 * number. `as` is a bearer token, or a guest's headers.
 */
export async function placeOrder(
  request: APIRequestContext,
  as: string | Record<string, string>,
  email: string,
): Promise<string> {
  const headers = { ...origin, ...(typeof as === "string" ? { authorization: `Bearer ${as}` } : as) };
  const { variant } = await variantInStock(request);
  const added = await request.post("/api/cart/lines", { headers, data: { variantId: variant.id, quantity: 2 } });
  expect(added.ok(), await added.text()).toBe(true);
  const options = await (await request.get("/api/checkout/options", { headers })).json();
  const placed = await request.post("/api/checkout/orders", {
    headers: { ...headers, "idempotency-key": randomUUID() },
    data: {
      contact: { email, phone: "+1 212 555 0188" },
      address: {
        fullName: "Noor Castell",
        phone: "+1 212 555 0188",
        line1: "9 Bleecker Street",
        line2: "",
        city: "New York",
        region: "NY",
        postalCode: "10012",
        country: "US",
      },
      deliveryZoneId: options.zones[0].id,
      paymentMethod: "cod",
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  return ((await placed.json()) as PlaceOrderAnswer).order.number;
}
