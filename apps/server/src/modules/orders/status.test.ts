import { describe, expect, it } from "vitest";
import { orderStatuses } from "../../db/schema/commerce.ts";
import {
  canTransition,
  isCancellable,
  isReturnable,
  missingForTransition,
  nextStatuses,
  returnDeadline,
} from "./status.ts";

describe("the order status machine", () => {
  it("walks the happy path placed → confirmed → packed → shipped → delivered", () => {
    const steps = [
      ["placed", "confirmed"],
      ["confirmed", "packed"],
      ["packed", "shipped"],
      ["shipped", "delivered"],
    ] as const;
    for (const [from, to] of steps) expect(canTransition(from, to)).toBe(true);
  });

  it("never skips a step or goes back on the way out", () => {
    expect(canTransition("placed", "shipped")).toBe(false);
    expect(canTransition("confirmed", "delivered")).toBe(false);
    expect(canTransition("shipped", "packed")).toBe(false);
    expect(canTransition("delivered", "placed")).toBe(false);
  });

  it("cancels only before shipping", () => {
    for (const status of ["pending_payment", "placed", "confirmed", "packed"] as const) {
      expect(isCancellable(status)).toBe(true);
    }
    for (const status of ["shipped", "delivered", "return_requested", "returned", "refunded", "cancelled"] as const) {
      expect(isCancellable(status)).toBe(false);
    }
  });

  it("a pending card order becomes placed when paid", () => {
    expect(canTransition("pending_payment", "placed")).toBe(true);
    expect(canTransition("pending_payment", "confirmed")).toBe(false);
  });

  it("returns go delivered → return_requested → returned → refunded, and a refused return goes back to delivered", () => {
    expect(canTransition("delivered", "return_requested")).toBe(true);
    expect(canTransition("return_requested", "returned")).toBe(true);
    expect(canTransition("returned", "refunded")).toBe(true);
    expect(canTransition("return_requested", "delivered")).toBe(true);
    expect(canTransition("shipped", "return_requested")).toBe(false);
  });

  it("cancelled and refunded are final", () => {
    expect(nextStatuses.cancelled).toEqual([]);
    expect(nextStatuses.refunded).toEqual([]);
  });

  it("knows every status", () => {
    expect(Object.keys(nextStatuses).sort()).toEqual([...orderStatuses].sort());
  });

  it("shipping needs a courier and a tracking number", () => {
    expect(missingForTransition("shipped", {})).toEqual({
      courier: expect.any(String),
      trackingNumber: expect.any(String),
    });
    expect(missingForTransition("shipped", { courier: "DHL", trackingNumber: " " })).toEqual({
      trackingNumber: expect.any(String),
    });
    expect(missingForTransition("shipped", { courier: "DHL", trackingNumber: "JD0001" })).toBeUndefined();
    expect(missingForTransition("packed", {})).toBeUndefined();
  });

  it("returns are open for the store's window after delivery, and only for delivered orders", () => {
    const delivered = new Date("2026-11-01T10:00:00Z");
    expect(returnDeadline(delivered, 14).toISOString()).toBe("2026-11-15T10:00:00.000Z");
    expect(isReturnable("delivered", delivered, 14, new Date("2026-11-15T09:59:59Z"))).toBe(true);
    expect(isReturnable("delivered", delivered, 14, new Date("2026-11-15T10:00:01Z"))).toBe(false);
    expect(isReturnable("shipped", delivered, 14, new Date("2026-11-02T00:00:00Z"))).toBe(false);
    expect(isReturnable("delivered", null, 14, new Date())).toBe(false);
  });
});
