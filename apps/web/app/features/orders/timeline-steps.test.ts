import type { OrderStatus } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { stepsFor } from "./timeline-steps.ts";

const order = (status: OrderStatus, reached: OrderStatus[]) => ({
  status,
  timeline: reached.map((toStatus) => ({
    at: "2026-11-21T10:00:00Z",
    kind: "status",
    fromStatus: null,
    toStatus,
    message: "",
    actorName: "Staff",
  })),
});

describe("the order page's steps", () => {
  it("follow placed → delivered and mark the current one", () => {
    expect(stepsFor(order("packed", ["placed", "confirmed", "packed"]))).toEqual({
      steps: ["placed", "confirmed", "packed", "shipped", "delivered"],
      reached: 2,
    });
  });

  it("end a cancelled order at its cancellation, after the steps it reached", () => {
    expect(stepsFor(order("cancelled", ["placed", "confirmed", "cancelled"]))).toEqual({
      steps: ["placed", "confirmed", "cancelled"],
      reached: 2,
    });
  });

  it("show a return's own path after delivery", () => {
    expect(stepsFor(order("returned", ["placed", "shipped", "delivered", "return_requested", "returned"]))).toEqual({
      steps: ["placed", "shipped", "delivered", "return_requested", "returned", "refunded"],
      reached: 4,
    });
  });

  it("put awaiting payment before placed for an unpaid card order", () => {
    expect(stepsFor(order("pending_payment", ["pending_payment"])).steps[0]).toBe("pending_payment");
  });
});
