/**
 * Outbound webhooks (issue 38 item 1): the Owner opens Role Management → Webhooks, adds an
 * endpoint pointing at a receiver this test runs on loopback (the e2e stack allows private
 * addresses), sees its signing secret once, sends a test event and checks what arrived (the
 * Standard Webhooks headers, a signature made with that secret, a `webhook.test` body),
 * reads it as succeeded in the delivery log and in its detail, redelivers it (same
 * webhook-id), rotates the secret (during the overlap both secrets sign), disables the
 * endpoint and deletes it after a confirmation; axe finds nothing wrong along the way.
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { webhookEventTypes } from "@atelier/contract/constants";
import AxeBuilder from "@axe-core/playwright";
import { adminMenu, adminToken, gotoAdmin, startSession } from "./support/admin-session.ts";
import { expect, type Page, test } from "./support/test.ts";

async function expectNoAxeViolations(page: Page) {
  // A toast fading in is half transparent: axe reads its contrast mid-animation (as the other admin specs, skip the toaster).
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 that answers 200 and keeps every request it got. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(200, { "content-type": "application/json" });
      response.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/atelier-${Date.now()}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Standard Webhooks: base64 HMAC-SHA256 of `id.timestamp.body`, keyed with the secret's base64 after `whsec_`. */
function signatureFor(secret: string, request: Received): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signed = `${request.headers["webhook-id"]}.${request.headers["webhook-timestamp"]}.${request.body}`;
  return createHmac("sha256", key).update(signed).digest("base64");
}

/** The `v1,…` signatures of a request's webhook-signature header (space-separated). */
function signaturesOf(request: Received): string[] {
  return String(request.headers["webhook-signature"] ?? "")
    .split(" ")
    .filter((part) => part.startsWith("v1,"))
    .map((part) => part.slice(3));
}

test("staff add a webhook endpoint, test it, read its log, rotate its secret, disable and delete it", async ({
  page,
  request,
}) => {
  test.slow(); // dialogs, two queued deliveries and a redelivery, several axe scans
  const receiver = await startReceiver();
  const url = receiver.url;
  try {
    const token = await adminToken(request);
    await startSession(page, token);
    await gotoAdmin(page, "/admin");
    await adminMenu(page).getByRole("button", { name: "Role Management" }).click();
    await adminMenu(page).getByRole("link", { name: "Webhooks" }).click();
    await expect(page).toHaveURL(/\/admin\/Manage\/webhooks$/);
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expect(page.getByText(/Loading webhook endpoints/)).toBeHidden();
    await expectNoAxeViolations(page);

    // Adding: nothing filled in, the form says what is missing and sends nothing.
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Add webhook endpoint" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    await expect(dialog.getByText("Enter the address the events are sent to")).toBeVisible();
    await expect(dialog.getByText("Choose at least one event")).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel("URL").fill(url);
    await dialog.getByLabel("Description").fill("E2E receiver");
    await dialog.getByRole("checkbox", { name: "Select all" }).click();
    await expect(dialog.getByRole("checkbox", { name: "Order placed" })).toBeChecked();
    await dialog.getByRole("checkbox", { name: "Select all" }).click();
    await dialog.getByRole("checkbox", { name: "Order placed" }).click();
    await dialog.getByRole("checkbox", { name: "Stock low" }).click();
    await expect(dialog.getByText(`2 of ${webhookEventTypes.length} chosen`)).toBeVisible();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();

    // The secret, once.
    const shown = page.getByRole("dialog", { name: "Copy the signing secret" });
    await expect(shown).toBeVisible();
    await expect(shown.getByText(/won't be shown again/)).toBeVisible();
    const secret = await shown.getByTestId("webhook-secret").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=_-]{20,}$/);
    await expect(shown.getByRole("button", { name: "Copy the signing secret" })).toBeVisible();
    await expectNoAxeViolations(page);
    await shown.getByRole("button", { name: "Done" }).click();
    await expect(shown).toBeHidden();

    const row = page.getByRole("row").filter({ hasText: url });
    await expect(row).toContainText("Enabled");
    await expect(row).toContainText("order.placed");
    await expect(row).toContainText("stock.low");
    await expect(row).toContainText(secret.slice(0, 10));
    await expect(page.locator("body")).not.toContainText(secret);
    const list = await request.get("/api/admin/webhooks", { headers: { authorization: `Bearer ${token}` } });
    expect(list.status()).toBe(200);
    expect(await list.text()).not.toContain(secret);

    // A test event: the toast follows it to the receiver's answer.
    const actions = row.getByRole("button", { name: `Actions for ${url}` });
    await actions.click();
    await page.getByRole("menuitem", { name: "Send test event" }).click();
    await expect(page.getByText(/Test event delivered to 127\.0\.0\.1:\d+: HTTP 200/)).toBeVisible({
      timeout: 30_000,
    });
    await expect.poll(() => receiver.received.length).toBeGreaterThanOrEqual(1);
    const [first] = receiver.received;
    if (!first) throw new Error("the receiver got nothing");
    expect(first.path).toBe(new URL(url).pathname);
    expect(first.headers["content-type"]).toMatch(/^application\/json/);
    expect(first.headers["webhook-id"]).toBeTruthy();
    expect(Math.abs(Number(first.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(300);
    expect(signaturesOf(first)).toContain(signatureFor(secret, first));
    const payload = JSON.parse(first.body) as { type: string; version: number; timestamp: string };
    expect(payload.type).toBe("webhook.test");
    expect(payload.version).toBe(1);

    // The delivery log opened under the table; the test delivery succeeded.
    const log = page.getByRole("region", { name: `Deliveries to ${url}`, exact: true });
    await expect(log).toBeVisible();
    await expect(row.getByRole("button", { name: `Deliveries to ${url}` })).toHaveAttribute("aria-pressed", "true");
    const delivery = log.getByRole("row").filter({ hasText: "webhook.test" }).first();
    await expect(delivery).toContainText("Succeeded", { timeout: 20_000 });
    await expect(delivery).toContainText("HTTP 200");
    await expectNoAxeViolations(page);

    // Its detail: the signed request and the attempt.
    await delivery.getByRole("button", { name: /^Details of webhook\.test/ }).click();
    const detail = page.getByRole("dialog", { name: "Delivery of webhook.test" });
    await expect(detail).toBeVisible();
    await expect(detail).toContainText(String(first.headers["webhook-id"]));
    await expect(detail.getByRole("rowheader", { name: "webhook-signature" })).toBeVisible();
    await expect(detail.getByTestId("webhook-delivery-body")).toContainText('"type": "webhook.test"');
    await expect(detail.getByRole("region", { name: "Attempts" })).toContainText("HTTP 200");
    await expectNoAxeViolations(page);
    await detail.getByRole("button", { name: "Close", exact: true }).last().click();
    await expect(detail).toBeHidden();

    // Redelivery: the same event again, with the same webhook-id.
    await delivery.getByRole("button", { name: /^Redeliver webhook\.test/ }).click();
    await expect(page.getByText(/Queued webhook\.test for redelivery/)).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    expect(receiver.received[1]?.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(JSON.parse(receiver.received[1]?.body ?? "{}").type).toBe("webhook.test");

    // Rotating asks first, with the overlap; the new secret is shown once.
    await actions.click();
    await page.getByRole("menuitem", { name: /Rotate secret/ }).click();
    const rotate = page.getByRole("alertdialog", { name: "Rotate the signing secret?" });
    await expect(rotate).toBeVisible();
    await expect(rotate.getByLabel("Keep the old secret for (hours)")).toHaveValue("24");
    await expectNoAxeViolations(page);
    await rotate.getByRole("button", { name: "Rotate secret" }).click();
    const rotated = page.getByRole("dialog", { name: "Copy the new signing secret" });
    await expect(rotated).toBeVisible();
    const newSecret = await rotated.getByTestId("webhook-secret").inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await expect(rotated).toContainText("The previous secret also signs until");
    await rotated.getByRole("button", { name: "Done" }).click();
    await expect(rotated).toBeHidden();
    await expect(row).toContainText(newSecret.slice(0, 10));
    await expect(row).toContainText("the previous one also signs until");

    // During the overlap both secrets sign the next event.
    const before = receiver.received.length;
    await actions.click();
    await page.getByRole("menuitem", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThan(before);
    const third = receiver.received[before];
    if (!third) throw new Error("the receiver got no third request");
    expect(third.headers["webhook-id"]).not.toBe(first.headers["webhook-id"]);
    expect(signaturesOf(third)).toEqual(
      expect.arrayContaining([signatureFor(newSecret, third), signatureFor(secret, third)]),
    );

    // Disabling needs no confirmation (Enable undoes it); the row says so.
    await actions.click();
    await page.getByRole("menuitem", { name: "Disable" }).click();
    await expect(page.getByText(`Disabled the endpoint ${url}`)).toBeVisible();
    await expect(row).toContainText("Disabled");
    await expect(row).not.toContainText("Enabled");

    // Deleting asks first, naming the URL; Cancel has the focus.
    await actions.click();
    await page.getByRole("menuitem", { name: /Delete/ }).click();
    const confirm = page.getByRole("alertdialog", { name: `Delete the endpoint ${url}?` });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Delete endpoint" }).click();
    await expect(page.getByText(`Deleted the endpoint ${url}`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(log).toHaveCount(0);
    await expectNoAxeViolations(page);
  } finally {
    await receiver.close();
  }
});
