import type { Guest } from "@atelier/contract";
import { describe, expect, it } from "vitest";
import { isGuestCustomerInfo, type KeyValueStore, readJson, storageKeys } from "../../lib/credentials.ts";
import { ensureGuest, guestUsername } from "./guest.ts";

function memoryStorage(initial: Record<string, string> = {}): KeyValueStore & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

const storedGuest = (storage: KeyValueStore) => readJson(storageKeys.guestCustomerInfo, isGuestCustomerInfo, storage);

function fakeServer() {
  const calls: string[] = [];
  const create = async (username: string): Promise<Guest> => {
    calls.push(username);
    return { username, email: `${username}@guest.atelier.invalid`, token: `token-${calls.length}` };
  };
  return { calls, create };
}

describe("guestUsername", () => {
  it("is the word guest, the timestamp and a number from 0 to 999", () => {
    expect(guestUsername(1_790_000_000_000, () => 0)).toBe("guest17900000000000");
    expect(guestUsername(1_790_000_000_000, () => 0.4567)).toBe("guest1790000000000456");
    expect(guestUsername(1_790_000_000_000, () => 0.999_999_9)).toBe("guest1790000000000999");
  });

  it("matches the format the server accepts", () => {
    expect(guestUsername()).toMatch(/^guest\d{13}\d{1,3}$/);
  });
});

describe("ensureGuest", () => {
  it("creates the guest once and reuses it afterwards", async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    const first = await ensureGuest(storage, server.create, () => "guest17900000000007");
    const second = await ensureGuest(storage, server.create, () => "guest17900000000008");
    expect(server.calls).toEqual(["guest17900000000007"]);
    expect(second).toEqual(first);
    expect(first).toEqual({
      username: "guest17900000000007",
      email: "guest17900000000007@guest.atelier.invalid",
      token: "token-1",
    });
    expect(storedGuest(storage)).toEqual(first);
  });

  it("backs a stored record without a token under its own username", async () => {
    const storage = memoryStorage({
      guestCustomerInfo: JSON.stringify({ username: "guest1700000000000123", email: "old@example.com" }),
    });
    const server = fakeServer();
    const guest = await ensureGuest(storage, server.create, () => "guest-new");
    expect(server.calls).toEqual(["guest1700000000000123"]);
    expect(guest.token).toBe("token-1");
  });

  it("replaces an unreadable record and stores nothing when the server fails", async () => {
    const storage = memoryStorage({ guestCustomerInfo: "{not json" });
    await expect(
      ensureGuest(
        storage,
        async () => Promise.reject(new Error("offline")),
        () => "guest1",
      ),
    ).rejects.toThrow("offline");
    expect(storage.data.guestCustomerInfo).toBe("{not json");
    const server = fakeServer();
    await ensureGuest(storage, server.create, () => "guest17900000000001");
    expect(storedGuest(storage)?.username).toBe("guest17900000000001");
  });
});
