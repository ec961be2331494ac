import type { WebhookEndpoint } from "@atelier/contract";
import { webhookRules } from "@atelier/contract/constants";
import { describe, expect, it } from "vitest";
import { endpointChanges, fieldMessage, serverFieldErrors, validateEndpointForm } from "./form.ts";

const endpoint: WebhookEndpoint = {
  id: 7,
  url: "https://hooks.example.com/atelier",
  description: "ERP",
  events: ["order.placed", "order.paid"],
  enabled: true,
  disabledReason: null,
  secretPrefix: "whsec_abcd",
  previousSecretExpiresAt: null,
  failingSince: null,
  createdBy: { name: "Ada", email: "ada@example.com" },
  createdAt: "2026-12-01T10:00:00.000Z",
  lastDelivery: null,
};

describe("the endpoint form", () => {
  it("sends a trimmed address, the description and each event once", () => {
    expect(
      validateEndpointForm({
        url: "  https://hooks.example.com/x ",
        description: " Stock sync ",
        events: ["stock.low", "stock.low", "order.paid"],
      }),
    ).toEqual({
      ok: true,
      body: { url: "https://hooks.example.com/x", description: "Stock sync", events: ["stock.low", "order.paid"] },
    });
  });

  it("says what is wrong with each field, with the contract's rules", () => {
    const empty = validateEndpointForm({ url: "", description: "", events: [] });
    expect(empty).toEqual({
      ok: false,
      errors: { url: "Enter the address the events are sent to", events: "Choose at least one event" },
    });
    const bad = validateEndpointForm({
      url: "ftp://example.com",
      description: "x".repeat(webhookRules.descriptionMax + 1),
      events: ["order.paid"],
    });
    expect(bad).toEqual({
      ok: false,
      errors: {
        url: "URL must be an http:// or https:// address",
        description: `Description must have at most ${webhookRules.descriptionMax} characters`,
      },
    });
    expect(
      validateEndpointForm({ url: "https://me:pw@example.com/", description: "", events: ["order.paid"] }),
    ).toEqual({ ok: false, errors: { url: "URL must not carry a user name or password" } });
  });

  it("shows the server's field errors on their fields", () => {
    expect(
      serverFieldErrors({
        url: "must not point at a private address",
        "events.0": "is not an event",
        other: "ignored",
      }),
    ).toEqual({ url: "URL must not point at a private address", events: "Events is not an event" });
    expect(serverFieldErrors(undefined)).toEqual({});
    expect(fieldMessage("url", "Unreachable host")).toBe("Unreachable host");
  });

  it("patches only what an edit changed, events as a set", () => {
    const body = { url: endpoint.url, description: "ERP", events: ["order.paid" as const, "order.placed" as const] };
    expect(endpointChanges(endpoint, body)).toEqual({});
    expect(endpointChanges(endpoint, { ...body, description: "", events: ["order.paid"] })).toEqual({
      description: "",
      events: ["order.paid"],
    });
    expect(endpointChanges(endpoint, { ...body, url: "https://new.example.com/" })).toEqual({
      url: "https://new.example.com/",
    });
  });
});
