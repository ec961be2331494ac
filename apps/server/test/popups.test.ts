/**
 * Pop-ups (issue 13, item 5): staff with `promotions` create, edit, enable/disable and
 * delete them (422 naming the field for bad input); the storefront's public list holds
 * only the enabled pop-ups whose schedule runs at this second, for the page asked about.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, signUp, signUpStaff, type TestUser } from "./support/auth.ts";
import { createTestApp, type TestApp } from "./support/index.ts";
import { apiAs } from "./support/staff-api.ts";

let test: TestApp;
let manager: TestUser;
let api: ReturnType<typeof apiAs>;

beforeAll(async () => {
  test = await createTestApp();
  manager = await signUpStaff(test, "Manager");
  api = apiAs(test, manager);
});
afterAll(() => test.close());

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

interface ActiveJson {
  id: number;
  title: string;
  text: string;
  image: { filename: string; width: number; height: number; alt: string } | null;
  button: { label: string; href: string } | null;
  couponCode: string | null;
}

async function active(query = "page=home"): Promise<ActiveJson[]> {
  const response = await test.app.inject({ url: `/api/popups/active?${query}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  return response.json();
}

async function create(body: Record<string, unknown>) {
  const response = await api.post("/api/admin/popups", { title: "Summer sale", ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number; status: string }>();
}

async function aCategoryId(): Promise<number> {
  const taxonomy = (await test.app.inject({ url: "/api/catalog/taxonomy" })).json<{ categories: { id: number }[] }>();
  const first = taxonomy.categories[0];
  if (!first) throw new Error("the seed has no categories");
  return first.id;
}

describe("staff manage pop-ups", () => {
  it("creates, reads, edits, disables and deletes one", async () => {
    const image = await sharp({
      create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 90, b: 140 } },
    })
      .png()
      .toBuffer();
    const uploaded = await test.app.inject({
      method: "POST",
      url: "/api/admin/media",
      headers: { "content-type": "image/png", ...bearer(manager.token) },
      payload: image,
    });
    expect(uploaded.statusCode).toBe(200);
    const { filename } = uploaded.json<{ filename: string }>();

    const created = await create({
      text: "Everything 20% off.\nThis week only.",
      imageFilename: filename,
      imageAlt: "Folded tees",
      buttonLabel: "Shop now",
      buttonHref: "/categories/Men",
      couponCode: "SUMMER20",
      frequency: "day",
      audience: "guests",
    });
    expect(created).toMatchObject({ status: "active", isEnabled: true, placement: "home", frequency: "day" });

    const list = (await api.get("/api/admin/popups")).json<{ id: number }[]>();
    expect(list.map((popup) => popup.id)).toContain(created.id);

    const shown = (await active()).find((popup) => popup.id === created.id);
    expect(shown).toMatchObject({
      title: "Summer sale",
      text: "Everything 20% off.\nThis week only.",
      image: { filename, width: expect.any(Number), height: expect.any(Number), alt: "Folded tees" },
      button: { label: "Shop now", href: "/categories/Men" },
      couponCode: "SUMMER20",
      audience: "guests",
      frequency: "day",
    });

    const edited = await api.put(`/api/admin/popups/${created.id}`, {
      title: "Summer sale: last days",
      buttonLabel: "Shop",
      buttonHref: "https://shop.example/sale?x=1",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: "Summer sale: last days", imageFilename: null, couponCode: null });

    const disabled = await api.post(`/api/admin/popups/${created.id}/enabled`, { isEnabled: false });
    expect(disabled.json()).toMatchObject({ status: "disabled", isEnabled: false });
    expect((await active()).map((popup) => popup.id)).not.toContain(created.id);
    const enabled = await api.post(`/api/admin/popups/${created.id}/enabled`, { isEnabled: true });
    expect(enabled.json()).toMatchObject({ status: "active" });

    expect((await api.delete(`/api/admin/popups/${created.id}`)).statusCode).toBe(200);
    expect((await api.get(`/api/admin/popups/${created.id}`)).statusCode).toBe(404);
    expect((await api.delete(`/api/admin/popups/${created.id}`)).statusCode).toBe(404);
    expect((await api.put(`/api/admin/popups/${created.id}`, { title: "Gone" })).statusCode).toBe(404);
  });

  it("answers 422 naming the field for bad input", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "title"],
      [{ title: "x".repeat(121) }, "title"],
      [{ startsAt: inSeconds(3600), endsAt: inSeconds(60) }, "endsAt"],
      [{ startsAt: inSeconds(60), endsAt: inSeconds(60) }, "endsAt"],
      [{ startsAt: "next tuesday" }, "startsAt"],
      [{ buttonLabel: "Go", buttonHref: "javascript:alert(1)" }, "buttonHref"],
      [{ buttonLabel: "Go", buttonHref: "JavaScript:alert(1)" }, "buttonHref"],
      [{ buttonLabel: "Go", buttonHref: "java\tscript:alert(1)" }, "buttonHref"],
      [{ buttonLabel: "Go", buttonHref: "data:text/html,<script>alert(1)</script>" }, "buttonHref"],
      [{ buttonLabel: "Go", buttonHref: "//evil.example/path" }, "buttonHref"],
      [{ buttonLabel: "Go", buttonHref: "/\\evil.example" }, "buttonHref"],
      [{ buttonLabel: "Go", buttonHref: "mailto:a@b.example" }, "buttonHref"],
      [{ buttonLabel: "Go" }, "buttonHref"],
      [{ buttonHref: "/sale" }, "buttonLabel"],
      [{ couponCode: "TWO WORDS" }, "couponCode"],
      [{ couponCode: "X".repeat(65) }, "couponCode"],
      [{ audience: "robots" }, "audience"],
      [{ frequency: "hourly" }, "frequency"],
      [{ placement: "category" }, "categoryId"],
      [{ placement: "category", categoryId: 999_999 }, "categoryId"],
      [{ imageFilename: "not-uploaded.webp" }, "imageFilename"],
    ];
    for (const [body, field] of cases) {
      const response = await api.post("/api/admin/popups", { title: "Bad", ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().error.fields), JSON.stringify(body)).toContain(field);
    }
    const ok = await create({ buttonLabel: "Go", buttonHref: "http://shop.example/" });
    const badEdit = await api.put(`/api/admin/popups/${ok.id}`, {
      title: "Bad",
      startsAt: inSeconds(100),
      endsAt: inSeconds(10),
    });
    expect(badEdit.statusCode).toBe(422);
    expect(badEdit.json().error.fields.endsAt).toBe("must be after the start");
    await api.delete(`/api/admin/popups/${ok.id}`);
  });

  it("needs the promotions permission: 401 anonymous, 403 for customers and staff without it", async () => {
    const customer = await signUp(test.app);
    const support = await signUpStaff(test, "Support");
    const owner = await signUpStaff(test, "Owner");
    const calls: [string, string, object?][] = [
      ["GET", "/api/admin/popups"],
      ["GET", "/api/admin/popups/1"],
      ["POST", "/api/admin/popups", { title: "No" }],
      ["PUT", "/api/admin/popups/1", { title: "No" }],
      ["POST", "/api/admin/popups/1/enabled", { isEnabled: false }],
      ["DELETE", "/api/admin/popups/1"],
    ];
    for (const [method, url, payload] of calls) {
      const send = (headers: Record<string, string>) =>
        test.app.inject({ method: method as "GET", url, headers, ...(payload ? { payload } : {}) });
      expect((await send({})).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(bearer(customer.token))).statusCode, `${method} ${url}`).toBe(403);
      expect((await send(bearer(support.token))).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await apiAs(test, owner).get("/api/admin/popups")).statusCode).toBe(200);
  });
});

describe("the storefront's running pop-ups", () => {
  it("holds only pop-ups whose schedule runs now, to the second", async () => {
    const running = await create({ title: "Running", startsAt: inSeconds(-60), endsAt: inSeconds(3600) });
    const later = await create({ title: "Later", startsAt: inSeconds(3600) });
    const over = await create({ title: "Over", startsAt: inSeconds(-7200), endsAt: inSeconds(-1) });
    const endsSoon = await create({ title: "Ends soon", endsAt: inSeconds(2) });
    const startsSoon = await create({ title: "Starts soon", startsAt: inSeconds(2) });
    expect([running.status, later.status, over.status, startsSoon.status]).toEqual([
      "active",
      "scheduled",
      "ended",
      "scheduled",
    ]);

    const now = (await active()).map((popup) => popup.title);
    expect(now).toEqual(expect.arrayContaining(["Running", "Ends soon"]));
    expect(now).not.toContain("Later");
    expect(now).not.toContain("Over");
    expect(now).not.toContain("Starts soon");

    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const after = (await active()).map((popup) => popup.title);
    expect(after).toContain("Starts soon");
    expect(after).not.toContain("Ends soon");
    const statuses = (await api.get("/api/admin/popups")).json<{ title: string; status: string }[]>();
    expect(statuses.find((popup) => popup.title === "Ends soon")?.status).toBe("ended");
    expect(statuses.find((popup) => popup.title === "Starts soon")?.status).toBe("active");

    for (const popup of [running, later, over, endsSoon, startsSoon]) await api.delete(`/api/admin/popups/${popup.id}`);
  });

  it("shows each pop-up on its pages: home, every page, or one category's", async () => {
    const categoryId = await aCategoryId();
    const home = await create({ title: "Home only", placement: "home" });
    const everywhere = await create({ title: "Everywhere", placement: "all" });
    const category = await create({ title: "Category", placement: "category", categoryId });

    const titles = async (query: string) => (await active(query)).map((popup) => popup.title).sort();
    expect(await titles("page=home")).toEqual(["Everywhere", "Home only"]);
    expect(await titles("page=other")).toEqual(["Everywhere"]);
    expect(await titles(`page=other&categoryId=${categoryId}`)).toEqual(["Category", "Everywhere"]);
    expect(await titles(`page=other&categoryId=${categoryId + 1000}`)).toEqual(["Everywhere"]);
    const bad = await test.app.inject({ url: "/api/popups/active?page=home&categoryId=abc" });
    expect(bad.statusCode).toBe(400);

    for (const popup of [home, everywhere, category]) await api.delete(`/api/admin/popups/${popup.id}`);
  });

  it("gives title and text back as the plain text staff typed, as JSON, never as markup", async () => {
    const script = `<img src=x onerror="alert(1)"><script>alert("x")</script>`;
    const created = await create({ title: script, text: `**bold** ${script}` });
    const response = await test.app.inject({ url: "/api/popups/active?page=home" });
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const shown = response.json<ActiveJson[]>().find((popup) => popup.id === created.id);
    expect(shown?.title).toBe(script);
    expect(shown?.text).toBe(`**bold** ${script}`);
    // The raw answer carries no live markup: JSON escapes nothing, but it is never HTML,
    // and the storefront renders it through React text nodes (see e2e/popups.spec.ts).
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    await api.delete(`/api/admin/popups/${created.id}`);
  });
});
