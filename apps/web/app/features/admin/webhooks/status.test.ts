import type { WebhookDeliveryStatus } from "@atelier/contract";
import { webhookEventTypes, webhookRules } from "@atelier/contract/constants";
import { describe, expect, it } from "vitest";
import {
  attemptsText,
  deliveryStatusLabel,
  deliveryStatusOptions,
  deliveryStatusTone,
  durationSince,
  endpointStatus,
  eventsSummary,
  formatDuration,
  hostOf,
  isDeliveryStatus,
  prettyJson,
  responseText,
  testResult,
  waitForOutcome,
} from "./status.ts";

const now = new Date("2026-12-03T15:00:00Z");

describe("an endpoint's status", () => {
  it("is Enabled, or Failing with since when, or Disabled with the shop's reason", () => {
    expect(endpointStatus({ enabled: true, disabledReason: null, failingSince: null })).toEqual({
      label: "Enabled",
      tone: "green",
      detail: null,
    });
    const failing = endpointStatus({ enabled: true, disabledReason: null, failingSince: "2026-12-03T10:00:00Z" }, now);
    expect(failing).toMatchObject({ label: "Failing", tone: "amber" });
    expect(failing.detail).toMatch(/^Failing since 3 Dec 2026, \d\d:\d\d \(5 h\)$/);
    expect(endpointStatus({ enabled: false, disabledReason: null, failingSince: null })).toEqual({
      label: "Disabled",
      tone: "neutral",
      detail: null,
    });
  });

  it("says Disabled over Failing: a disabled endpoint is sent nothing", () => {
    const off = endpointStatus({
      enabled: false,
      disabledReason: "Every delivery failed for 5 days",
      failingSince: "2026-11-28T10:00:00Z",
    });
    expect(off).toEqual({ label: "Disabled", tone: "red", detail: "Every delivery failed for 5 days" });
  });

  it("measures a streak in minutes, hours, then days", () => {
    expect(durationSince("2026-12-03T14:59:50Z", now)).toBe("1 min");
    expect(durationSince("2026-12-03T14:20:00Z", now)).toBe("40 min");
    expect(durationSince("2026-12-02T00:00:00Z", now)).toBe("39 h");
    expect(durationSince("2026-11-28T15:00:00Z", now)).toBe("5 days");
  });
});

describe("a delivery's status", () => {
  it("has a label and a tone for each status, and a filter option for each", () => {
    expect(deliveryStatusLabel("succeeded")).toBe("Succeeded");
    expect(deliveryStatusTone("succeeded")).toBe("green");
    expect(deliveryStatusTone("failed")).toBe("red");
    expect(deliveryStatusTone("retrying")).toBe("amber");
    expect(deliveryStatusOptions.map((option) => option.value).sort()).toEqual(
      ["cancelled", "failed", "pending", "retrying", "succeeded"].sort(),
    );
    expect(isDeliveryStatus("failed")).toBe(true);
    expect(isDeliveryStatus("bogus")).toBe(false);
    expect(isDeliveryStatus(undefined)).toBe(false);
  });

  it("words the response, the duration and the attempts", () => {
    expect(responseText(200)).toBe("HTTP 200");
    expect(responseText(null)).toBe("No response");
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(35.4)).toBe("35 ms");
    expect(formatDuration(1200)).toBe("1.2 s");
    expect(formatDuration(3000)).toBe("3 s");
    expect(formatDuration(125_000)).toBe("2 min 5 s");
    expect(formatDuration(120_000)).toBe("2 min");
    expect(attemptsText(3)).toBe(`3 of ${webhookRules.maxAttempts}`);
  });
});

describe("an endpoint's events in the table", () => {
  it("are one chip when all are chosen, chips when few, two chips and the rest when many", () => {
    expect(eventsSummary([...webhookEventTypes].reverse(), webhookEventTypes)).toEqual({
      kind: "all",
      count: webhookEventTypes.length,
    });
    expect(eventsSummary(["product.updated", "order.placed"], webhookEventTypes)).toEqual({
      kind: "some",
      chips: ["order.placed", "product.updated"],
      more: [],
    });
    expect(eventsSummary(["order.placed", "order.paid", "stock.low", "customer.created"], webhookEventTypes)).toEqual({
      kind: "some",
      chips: ["order.placed", "order.paid"],
      more: ["stock.low", "customer.created"],
    });
  });
});

describe("the delivery detail", () => {
  it("indents JSON bodies and leaves anything else as it came", () => {
    expect(prettyJson('{"type":"webhook.test","data":{"a":1}}')).toBe(
      '{\n  "type": "webhook.test",\n  "data": {\n    "a": 1\n  }\n}',
    );
    expect(prettyJson("not json")).toBe("not json");
  });

  it("names an endpoint by its host", () => {
    expect(hostOf("https://hooks.example.com:8443/atelier?x=1")).toBe("hooks.example.com:8443");
    expect(hostOf("nonsense")).toBe("nonsense");
  });
});

describe("a test event's result", () => {
  it("says how it went once known", () => {
    expect(testResult({ status: "succeeded", responseStatus: 200, durationMs: 42 }, "example.com")).toEqual({
      tone: "success",
      message: "Test event delivered to example.com: HTTP 200 in 42 ms",
    });
    expect(testResult({ status: "retrying", responseStatus: 503, durationMs: 10 }, "example.com")).toMatchObject({
      tone: "error",
      message: expect.stringContaining("HTTP 503"),
    });
    expect(testResult({ status: "failed", responseStatus: null, durationMs: null }, "example.com").message).toBe(
      "Test event to example.com failed: No response",
    );
    expect(testResult({ status: "pending", responseStatus: null, durationMs: null }, "example.com").tone).toBe("info");
  });

  it("is waited for while pending, up to a limit", async () => {
    type Seen = { status: WebhookDeliveryStatus };
    const answers: Seen[] = [{ status: "pending" }, { status: "succeeded" }];
    const load = async (): Promise<Seen> => answers.shift() ?? { status: "failed" };
    const sleep = async () => {};
    expect(await waitForOutcome<Seen>({ status: "pending" }, load, { sleep })).toEqual({ status: "succeeded" });

    let calls = 0;
    const stuck = async (): Promise<Seen> => {
      calls += 1;
      return { status: "pending" };
    };
    const last = await waitForOutcome<Seen>({ status: "pending" }, stuck, { sleep, intervalMs: 1000, timeoutMs: 3000 });
    expect(last.status).toBe("pending");
    expect(calls).toBe(3);
    expect(await waitForOutcome<Seen>({ status: "failed" }, stuck, { sleep })).toEqual({ status: "failed" });
    expect(calls).toBe(3);
  });
});
