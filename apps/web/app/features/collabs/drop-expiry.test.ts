import { describe, expect, it } from "vitest";
import { dropExpiryHeaders } from "./drop-expiry.ts";

describe("dropExpiryHeaders", () => {
  const now = Date.parse("2026-12-01T10:00:00Z");
  it("names the next launch or end still ahead", () => {
    expect(
      dropExpiryHeaders(
        [
          { launchAt: "2026-12-01T09:00:00Z", endsAt: "2026-12-01T12:00:00Z" },
          { launchAt: "2026-12-01T11:00:00Z", endsAt: null },
        ],
        now,
      ),
    ).toEqual({ "X-Page-Expires": String(Date.parse("2026-12-01T11:00:00Z")) });
  });
  it("names nothing when every moment has passed", () => {
    expect(dropExpiryHeaders([{ launchAt: "2026-12-01T09:00:00Z", endsAt: "2026-12-01T09:30:00Z" }], now)).toEqual({});
    expect(dropExpiryHeaders([], now)).toEqual({});
  });
});
