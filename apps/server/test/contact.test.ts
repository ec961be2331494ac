/** /contact: stored for staff, mailed to the shop's contact address, validated and rate-limited. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "../src/db/schema/index.ts";
import { createTestApp, type TestApp } from "./support/index.ts";

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const message = {
  name: "Grace Hopper",
  email: "grace@example.com",
  subject: "Sizing question",
  message: "Does the hoodie run small? I usually wear a medium.",
};
const send = (payload: object, ip = "203.0.113.10") =>
  test.app.inject({ method: "POST", url: "/api/contact", payload, remoteAddress: ip });

describe("the contact form", () => {
  it("stores the message and mails it to the shop with the sender as Reply-To", async () => {
    const response = await send(message);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    const mail = await test.mail.waitFor((m) => m.subject === "Contact form: Sizing question");
    expect(mail.to).toEqual(["hello@atelier.example"]);
    expect(mail.text).toContain("Does the hoodie run small?");
    const rows = await test.db.select().from(contactMessages);
    expect(rows).toEqual([
      expect.objectContaining({ email: "grace@example.com", subject: "Sizing question", isHandled: false }),
    ]);
  });

  it("answers 422 with a message per field", async () => {
    const response = await send({ name: "", email: "not-an-email", subject: "x", message: "short" }, "203.0.113.11");
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().error.fields).sort()).toEqual(["email", "message", "name", "subject"]);
  });

  it("takes at most 5 messages an hour from one address (429 after)", async () => {
    const ip = "203.0.113.12";
    for (let n = 0; n < 5; n++) expect((await send(message, ip)).statusCode).toBe(200);
    const limited = await send(message, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("rate_limited");
    expect((await send(message, "203.0.113.13")).statusCode).toBe(200);
  });
});
