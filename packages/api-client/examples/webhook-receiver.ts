/**
 * Receive the shop's webhooks: a small server that checks each delivery's signature, ignores
 * repeats (a retry or redelivery has the same `webhook-id`), and acts on two events: it
 * prints a reorder line when stock runs low and a packing line when an order is placed.
 *
 *   ATELIER_WEBHOOK_SECRET=whsec_… PORT=4400 node packages/api-client/examples/webhook-receiver.ts
 *
 * Register `http(s)://<this host>:<PORT>/atelier` in the admin (Role Management → Webhooks)
 * with the events "Stock low" and "Order placed"; the secret is shown there once.
 * Answer 2xx quickly: the shop retries anything else (or no answer within 10 s) for a day.
 */
import http from "node:http";
import { verifyWebhook, type WebhookEvent } from "../src/index.ts";

const secret = process.env.ATELIER_WEBHOOK_SECRET;
if (!secret) {
  console.error("usage: ATELIER_WEBHOOK_SECRET=whsec_… [PORT=4400] webhook-receiver.ts");
  process.exit(2);
}

/** Message ids already handled (a real integration keeps them in its database). */
const handled = new Set<string>();

function handle(event: WebhookEvent): void {
  if (event.type === "stock.low") {
    const { sku, productName, available, threshold } = event.data;
    console.log(`reorder ${sku} (${productName}): ${available} left, threshold ${threshold}`);
  } else if (event.type === "order.placed") {
    const { number, lines } = event.data;
    console.log(`pack ${number}: ${lines.map((line) => `${line.quantity} × ${line.sku}`).join(", ")}`);
  }
}

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    let event: WebhookEvent;
    try {
      event = verifyWebhook(secret, Buffer.concat(chunks).toString("utf8"), request.headers);
    } catch {
      response.writeHead(400).end("bad signature");
      return;
    }
    const id = String(request.headers["webhook-id"]);
    if (!handled.has(id)) {
      handled.add(id);
      handle(event);
    }
    response.writeHead(204).end();
  });
});
server.listen(Number(process.env.PORT ?? 4400), process.env.HOST ?? "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening on ${typeof address === "object" && address ? address.port : address}`);
});
process.on("SIGTERM", () => server.close());
