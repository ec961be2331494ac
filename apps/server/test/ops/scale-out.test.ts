/**
 * Several processes, one shop (issue 19, "shared state through existing engines"): two
 * apps on ONE database, each with its own pool, job queue and invalidation listener, as
 * two processes or machines run them.
 * - a catalogue write through one app is served by the other within a second, through
 *   PostgreSQL LISTEN/NOTIFY (no REDIS_URL) and through Redis pub/sub (REDIS_URL);
 * - with REDIS_URL a rate limit counts the requests of both apps together;
 * - the card-hold sweeper (a cron job) and a mail job run once, not once per app;
 * - a mail whose SMTP send fails is retried and delivered later;
 * - a job taken by a process that dies (kill -9) is run by another.
 * The Redis parts need redis-server on 127.0.0.1:6379 (.ci/run starts it) and skip, saying
 * so, without it.
 */
import type { ChildProcess } from "node:child_process";
import net from "node:net";
import { Cart, Taxonomy } from "@atelier/contract";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../src/db/embedded.ts";
import { HOLD_SWEEP_JOB } from "../../src/modules/checkout/index.ts";
import { MAIL_QUEUE } from "../../src/modules/mail/queue.ts";
import { startAppProcess } from "../support/app-child.ts";
import { signUpStaff } from "../support/auth.ts";
import { createTestApps, eventually, jobsDone, type TestApp, type TestApps } from "../support/index.ts";
import { startMailServer } from "../support/mail-server.ts";
import { REDIS_URL, redisAnswers } from "../support/services.ts";
import { newGuest, shopperApi, variantsOf } from "../support/shopping.ts";
import { apiAs } from "../support/staff-api.ts";

const redisUp = await redisAnswers();
if (!redisUp) console.warn("scale-out.test.ts: skipping the Redis tests: no redis-server answers on 127.0.0.1:6379");

let shops: TestApps[] = [];
async function twoApps(...args: Parameters<typeof createTestApps> extends [number, ...infer Rest] ? Rest : never) {
  const shop = await createTestApps(2, ...args);
  shops.push(shop);
  return shop;
}
afterEach(async () => {
  for (const shop of shops) await shop.close();
  shops = [];
});

const taxonomy = async (test: TestApp) =>
  Taxonomy.parse((await test.app.inject({ url: "/api/catalog/taxonomy" })).json());

/** A category made through `writer` shows in `reader`'s (cached) storefront within a second. */
async function writeThroughOneReadThroughOther(shop: TestApps): Promise<number> {
  const [writer, reader] = shop.apps as [TestApp, TestApp];
  const owner = apiAs(writer, await signUpStaff(writer, "Owner"));
  await taxonomy(reader);
  const hitsBefore = reader.app.services.cache.stats.hits;
  await taxonomy(reader);
  expect(reader.app.services.cache.stats.hits, "the reader answers from its cache").toBe(hitsBefore + 1);

  const name = `Outerwear ${Date.now()}`;
  const created = await owner.post("/api/admin/categories", { name, filename: null });
  expect(created.statusCode, created.body).toBe(200);
  const written = Date.now();
  await eventually(async () => (await taxonomy(reader)).categories.some((row) => row.name === name), {
    timeoutMs: 1_000,
    everyMs: 20,
    what: "the new category in the other app's storefront",
  });
  return Date.now() - written;
}

describe("cache invalidation across processes", () => {
  it("reaches the other app through PostgreSQL LISTEN/NOTIFY within a second", async () => {
    const shop = await twoApps();
    expect(shop.apps.map((test) => test.app.services.bus.transport)).toEqual(["postgres", "postgres"]);
    const ms = await writeThroughOneReadThroughOther(shop);
    expect(ms).toBeLessThan(1_000);
  });

  it.skipIf(!redisUp)("reaches the other app through Redis pub/sub within a second (REDIS_URL)", async () => {
    const shop = await twoApps({ REDIS_URL });
    expect(shop.apps.map((test) => test.app.services.bus.transport)).toEqual(["redis", "redis"]);
    const ms = await writeThroughOneReadThroughOther(shop);
    expect(ms).toBeLessThan(1_000);
  });

  it("the LISTEN connection comes back after the database dropped it, and caches forget everything once", async () => {
    const shop = await twoApps();
    const [writer, reader] = shop.apps as [TestApp, TestApp];
    let cleared = 0;
    reader.app.services.bus.subscribe("catalog", () => cleared++);
    const admin = new pg.Client(shop.databaseUrl);
    await admin.connect();
    try {
      const listeners = async () =>
        (
          await admin.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = 'atelier-invalidation'",
          )
        ).rows[0]?.n ?? 0;
      expect(await listeners()).toBe(2);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'atelier-invalidation'",
      );
      // Back within the backoff; the reconnect itself clears the cache (messages may have been missed).
      await eventually(async () => (await listeners()) === 2 && cleared >= 1, {
        timeoutMs: 15_000,
        what: "both listeners back",
      });
      const before = cleared;
      await writer.app.services.bus.publish("catalog");
      await eventually(() => cleared > before, {
        timeoutMs: 1_000,
        everyMs: 10,
        what: "a message after the reconnect",
      });
    } finally {
      await admin.end();
    }
  });

  it("a settings change through one app makes the other read its store settings anew", async () => {
    const shop = await twoApps();
    const [writer, reader] = shop.apps as [TestApp, TestApp];
    let cleared = 0;
    reader.app.services.bus.subscribe("settings", () => cleared++);
    const owner = apiAs(writer, await signUpStaff(writer, "Owner"));
    const created = await owner.post("/api/admin/settings/delivery-zones", { name: "Islands", fee: 2500 });
    expect(created.statusCode, created.body).toBe(200);
    await eventually(() => cleared > 0, { timeoutMs: 1_000, everyMs: 10, what: "the settings message" });
  });

  it("a zone or tax rate edit through one app shows on the other's next cart answer (the cart's memo, cart-delivery.ts)", async () => {
    const shop = await twoApps();
    const [writer, reader] = shop.apps as [TestApp, TestApp];
    const owner = apiAs(writer, await signUpStaff(writer, "Owner"));
    const guest = await newGuest(reader);
    const [variant] = await variantsOf(reader, 0, 1, 10);
    if (!variant) throw new Error("no variant");
    const cart = () => shopperApi(reader, guest).get("/api/cart");
    expect(
      (await shopperApi(reader, guest).post("/api/cart/lines", { variantId: variant.id, quantity: 1 })).statusCode,
    ).toBe(200);
    const before = Cart.parse((await cart()).json()); // the reader keeps its zones and rate now
    const created = await owner.post("/api/admin/settings/delivery-zones", { name: "Islands", fee: 2500 });
    expect(created.statusCode, created.body).toBe(200);
    const zoneId = created.json<{ id: number }>().id;
    expect(before.delivery.zones.map((zone) => zone.id)).not.toContain(zoneId);
    await eventually(async () => Cart.parse((await cart()).json()).delivery.zones.some((zone) => zone.id === zoneId), {
      timeoutMs: 1_000,
      everyMs: 20,
      what: "the new zone in the other app's cart",
    });
    // The seed's US rate is the store's (the shop's country is US).
    const rates = (await owner.get("/api/admin/settings/tax-rates")).json<{ id: number; region: string }[]>();
    const rateId = rates.find((row) => row.region === "US")?.id;
    const edited = await owner.put(`/api/admin/settings/tax-rates/${rateId}`, {
      name: "Sales tax",
      region: "US",
      rateBasisPoints: 725,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await eventually(async () => Cart.parse((await cart()).json()).tax?.rateBasisPoints === 725, {
      timeoutMs: 1_000,
      everyMs: 20,
      what: "the edited rate in the other app's cart",
    });
  });
});

describe.skipIf(!redisUp)("rate limits with REDIS_URL", () => {
  it("count the requests of both apps together", async () => {
    const shop = await twoApps({ REDIS_URL, SEARCH_RATE_LIMIT: "6" });
    const [a, b] = shop.apps as [TestApp, TestApp];
    const remoteAddress = `198.51.100.${Math.floor(Math.random() * 200) + 20}`;
    const search = (test: TestApp) =>
      test.app.inject({ method: "GET", url: "/api/admin/search-bar-products?q=hoodie", remoteAddress });
    const statuses: number[] = [];
    for (let n = 0; n < 3; n++) {
      statuses.push((await search(a)).statusCode);
      statuses.push((await search(b)).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    // Each app saw 3 requests, fewer than 6; together they saw 6.
    expect((await search(a)).statusCode).toBe(429);
    expect((await search(b)).statusCode).toBe(429);
    const other = await b.app.inject({
      method: "GET",
      url: "/api/admin/search-bar-products?q=hoodie",
      remoteAddress: "198.51.100.250",
    });
    expect(other.statusCode).toBe(200);
  });
});

describe("the job queue with two apps", () => {
  it("runs the once-a-minute card-hold sweep once per minute, not once per app", async () => {
    const started = Date.now();
    const shop = await twoApps({}, { jobs: { cronMonitorIntervalSeconds: 1 } });
    const runs = () =>
      shop.apps.reduce((sum, test) => sum + (test.app.services.jobs.counts.get(HOLD_SWEEP_JOB)?.completed ?? 0), 0);
    // The minute's occurrence is due as soon as the queues start.
    await eventually(() => runs() >= 1, { timeoutMs: 90_000, everyMs: 200, what: "a sweep" });
    // Both apps keep claiming the cron every second; a second sweep for the same minute would show now.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    // Stopped, the queues forward and run nothing more: the counts below are final.
    await Promise.all(shop.apps.map((test) => test.app.services.jobs.stop()));
    const client = new pg.Client(shop.databaseUrl);
    await client.connect();
    try {
      // pg-boss files each occurrence of a schedule as a job of its send-it queue under the minute
      // the occurrence is for (singleton_on), then sends the sweep from it. Two occurrences may be
      // forwarded in one batch (the minute the apps started in and the next), so the sweeps' own
      // creation times do not tell the minutes apart; the send-it jobs do.
      const { rows } = await client.query<{ slot: string; jobs: number }>(
        `select singleton_on::text as slot, count(*)::int as jobs
           from pgboss.job where name = '__pgboss__send-it' and data->>'name' = $1 and state = 'completed'
          group by 1 order by 1`,
        [HOLD_SWEEP_JOB],
      );
      const sweeps = await client.query<{ jobs: number }>(
        "select count(*)::int as jobs from pgboss.job where name = $1 and state = 'completed'",
        [HOLD_SWEEP_JOB],
      );
      expect(
        rows.every((row) => row.slot !== null && row.jobs === 1),
        JSON.stringify(rows),
      ).toBe(true);
      // Every sweep that ran came from one occurrence: one sweep per minute, whichever app ran it.
      expect(sweeps.rows[0]?.jobs).toBe(rows.length);
      expect(runs()).toBe(rows.length);
      // At most the minutes the test spanned, plus the one the apps started in.
      expect(rows.length).toBeLessThanOrEqual(Math.floor((Date.now() - started) / 60_000) + 2);
    } finally {
      await client.end();
    }
  }, 120_000);

  it("sends a mail once, from one of the apps", async () => {
    const shop = await twoApps();
    const [a, b] = shop.apps as [TestApp, TestApp];
    const subject = `Once ${Date.now()}`;
    const sent = await a.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "Ada", email: "ada@example.com", subject, message: "Exactly one copy, please." },
    });
    expect(sent.statusCode).toBe(200);
    await shop.mail.waitFor((mail) => mail.subject === `Contact form: ${subject}`, 30_000);
    await jobsDone(b, MAIL_QUEUE);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(shop.mail.messages.filter((mail) => mail.subject === `Contact form: ${subject}`)).toHaveLength(1);
    const completed = shop.apps.map((test) => test.app.services.jobs.counts.get(MAIL_QUEUE)?.completed ?? 0);
    expect((completed[0] ?? 0) + (completed[1] ?? 0)).toBe(1);
  });

  it("retries a mail whose SMTP send failed and delivers it once the server answers", async () => {
    const port = await freePort();
    const shop = await createTestApps(
      1,
      { SMTP_URL: `smtp://127.0.0.1:${port}` },
      { jobs: { queues: { [MAIL_QUEUE]: { retryDelay: 1, retryDelayMax: 2 } } } },
    );
    shops.push(shop);
    const [app] = shop.apps as [TestApp];
    const subject = `Retried ${Date.now()}`;
    const sent = await app.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: { name: "Ada", email: "ada@example.com", subject, message: "Deliver me when you can." },
    });
    expect(sent.statusCode).toBe(200);
    const client = new pg.Client(shop.databaseUrl);
    await client.connect();
    try {
      const attempts = async () =>
        (
          await client.query<{ retry_count: number; state: string }>(
            "select retry_count, state::text from pgboss.job where name = $1",
            [MAIL_QUEUE],
          )
        ).rows[0];
      // Nothing listens on the port: the first tries fail and the job waits for its next try.
      await eventually(async () => ((await attempts())?.retry_count ?? 0) >= 2, {
        timeoutMs: 30_000,
        what: "two failed tries",
      });
      const late = await startMailServer({ port });
      try {
        const mail = await late.waitFor((message) => message.subject === `Contact form: ${subject}`, 30_000);
        expect(mail.text).toContain("Deliver me when you can.");
        await eventually(async () => (await attempts())?.state === "completed", { what: "the job completing" });
        expect(late.messages).toHaveLength(1);
      } finally {
        await late.close();
      }
    } finally {
      await client.end();
    }
  }, 90_000);
});

describe("a process that dies with a job in hand", () => {
  const children: ChildProcess[] = [];
  const sockets: net.Socket[] = [];
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
    for (const socket of sockets) socket.destroy();
  });

  it("leaves the job to another process, which sends the mail (kill -9)", async () => {
    // An SMTP server that accepts and never answers: the first process hangs in the middle of the send.
    const hanging = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
    const hangingPort = (hanging.address() as net.AddressInfo).port;
    const jobs = {
      superviseIntervalSeconds: 1,
      monitorIntervalSeconds: 1,
      queues: { [MAIL_QUEUE]: { expireInSeconds: 3 } },
    };
    // The shop's database and the surviving app; it joins once the doomed one holds the job.
    const shop = await createTestApps(0, {}, { jobs });
    shops.push(shop);

    const { child, port } = await startAppProcess(
      shop.databaseUrl,
      { SMTP_URL: `smtp://127.0.0.1:${hangingPort}`, TEST_JOBS: JSON.stringify(jobs) },
      (started) => children.push(started),
    );

    const subject = `Orphan ${Date.now()}`;
    const sent = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Ada", email: "ada@example.com", subject, message: "Someone finish this." }),
    });
    expect(sent.status).toBe(200);
    await eventually(() => sockets.length > 0, { timeoutMs: 30_000, what: "the doomed process sending" });

    const survivor = await shop.add();
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));

    const mail = await shop.mail.waitFor((message) => message.subject === `Contact form: ${subject}`, 60_000);
    expect(mail.text).toContain("Someone finish this.");
    await jobsDone(survivor, MAIL_QUEUE);
    expect(shop.mail.messages.filter((message) => message.subject === `Contact form: ${subject}`)).toHaveLength(1);
    expect(survivor.app.services.jobs.counts.get(MAIL_QUEUE)?.completed).toBe(1);
    hanging.close();
  }, 120_000);
});
