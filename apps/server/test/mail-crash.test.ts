/**
 * Mails that cannot be lost (issue 37, item 8; ADR 0008's note of 2026-11-28): an order's
 * confirmation mail is enqueued in the transaction that places the order, so a process
 * killed (kill -9) the moment that transaction commits still leaves the mail's job behind,
 * and the shop started again sends it. A real app process (support/app-process.ts) kills
 * itself right after the order's COMMIT returns; a real loopback SMTP server receives the
 * mail from the app started after it.
 */
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { MAIL_QUEUE } from "../src/modules/mail/queue.ts";
import { startAppProcess } from "./support/app-child.ts";
import { createTestApps, jobsDone, type TestApps } from "./support/index.ts";

let shops: TestApps[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const shop of shops) await shop.close();
  shops = [];
});
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/**
 * The dying process's own mail worker may fetch the job (NOTIFY wakes it) in the instant
 * between the COMMIT and the kill; the job then waits for its expiry, and the supervisor
 * hands it to the shop started again. Short timings here so that path takes seconds, not minutes.
 */
const jobs = {
  superviseIntervalSeconds: 1,
  monitorIntervalSeconds: 1,
  queues: { [MAIL_QUEUE]: { expireInSeconds: 3 } },
};

async function startDoomed(shop: TestApps): Promise<{ child: ChildProcess; base: string }> {
  const { child, port } = await startAppProcess(
    shop.databaseUrl,
    { SMTP_URL: shop.mail.url, TEST_DIE_AFTER_ORDER_COMMIT: "1", TEST_JOBS: JSON.stringify(jobs) },
    (started) => children.push(started),
  );
  return { child, base: `http://127.0.0.1:${port}/api` };
}

describe("an order's confirmation mail when the process dies right after the order commits", () => {
  it("is sent by the shop started again (kill -9 after COMMIT)", async () => {
    const shop = await createTestApps(0, {}, { jobs });
    shops.push(shop);
    const { child, base } = await startDoomed(shop);
    const exited = new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal)));

    const client = new pg.Client(shop.databaseUrl);
    await client.connect();
    try {
      const {
        rows: [variant],
      } = await client.query<{ id: number }>(
        `select v.id from product_variants v join products p on p.id = v.product_id
         where p.is_published and v.stock >= 5 order by v.id limit 1`,
      );
      if (!variant) throw new Error("no variant in stock");
      const json = { "content-type": "application/json" };
      const guest = await fetch(`${base}/guests`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ username: `guest${Date.now()}1` }),
      });
      expect(guest.status).toBe(200);
      const headers = { ...json, "x-guest-token": ((await guest.json()) as { token: string }).token };
      const added = await fetch(`${base}/cart/lines`, {
        method: "POST",
        headers,
        body: JSON.stringify({ variantId: variant.id, quantity: 1 }),
      });
      expect(added.status, await added.text()).toBe(200);
      const options = (await (await fetch(`${base}/checkout/options`)).json()) as { zones: { id: number }[] };
      const email = `crash.${Date.now()}@example.com`;
      const placing = fetch(`${base}/checkout/orders`, {
        method: "POST",
        headers: { ...headers, "idempotency-key": `crash-${Date.now()}` },
        body: JSON.stringify({
          contact: { email, phone: "+1 555 0100" },
          address: {
            fullName: "Crash Test",
            phone: "+1 555 0100",
            line1: "1 Power Cut Lane",
            city: "New York",
            region: "NY",
            postalCode: "10001",
            country: "US",
          },
          deliveryZoneId: options.zones[0]?.id,
          paymentMethod: "cod",
        }),
      });
      // The process dies the moment the order's COMMIT returns: the request gets no answer.
      await expect(placing).rejects.toThrow();
      expect(await exited).toBe("SIGKILL");
      const {
        rows: [order],
      } = await client.query<{ number: string }>("select number from buying_history where email = $1", [email]);
      if (!order) throw new Error("the order did not commit before the process died");

      // The shop started again finds the mail's job and sends it.
      const again = await shop.add();
      const mail = await shop.mail.waitFor((message) => message.to.includes(email), 30_000);
      expect(mail.subject).toContain(order.number);
      await jobsDone(again, MAIL_QUEUE);
      expect(shop.mail.messages.filter((message) => message.to.includes(email))).toHaveLength(1);
    } finally {
      await client.end();
    }
  }, 120_000);
});
