import { describe, expect, it } from "vitest";
import { isGuestCustomerInfo, isUserInfo, type KeyValueStore, readJson } from "./credentials.ts";

const storage = (data: Record<string, string>): KeyValueStore => ({
  getItem: (key) => data[key] ?? null,
  setItem: () => {},
});

describe("readJson", () => {
  it("answers the stored record when it has the expected shape", () => {
    const guest = { username: "guest17900000000007", email: "g@guest.atelier.invalid", token: "t" };
    expect(readJson("guest", isGuestCustomerInfo, storage({ guest: JSON.stringify(guest) }))).toEqual(guest);
  });

  it("answers null for a missing key, broken JSON, a wrong shape or a storage that throws", () => {
    const blocked: KeyValueStore = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {},
    };
    expect(readJson("user", isUserInfo, storage({}))).toBeNull();
    expect(readJson("user", isUserInfo, storage({ user: "{not json" }))).toBeNull();
    expect(readJson("user", isUserInfo, storage({ user: JSON.stringify({ username: "Mara" }) }))).toBeNull();
    expect(readJson("user", isUserInfo, blocked)).toBeNull();
  });
});

describe("isGuestCustomerInfo", () => {
  it("accepts a record with or without its token, and refuses a token that is not a string", () => {
    expect(isGuestCustomerInfo({ username: "guest1", email: "a@b.c" })).toBe(true);
    expect(isGuestCustomerInfo({ username: "guest1", email: "a@b.c", token: "t" })).toBe(true);
    expect(isGuestCustomerInfo({ username: "guest1", email: "a@b.c", token: 7 })).toBe(false);
  });
});
