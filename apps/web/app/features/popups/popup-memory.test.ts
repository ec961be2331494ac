import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { choosePopup, inAudience, isFirstVisit, markSeen, wasSeen } from "./popup-memory.ts";

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

function newSession(local: MemoryStorage) {
  vi.stubGlobal("window", { localStorage: local, sessionStorage: new MemoryStorage() });
}

beforeEach(() => newSession(new MemoryStorage()));
afterEach(() => vi.unstubAllGlobals());

describe("frequency", () => {
  it("once per session: seen until the session ends", () => {
    const local = new MemoryStorage();
    newSession(local);
    const popup = { id: 1, frequency: "session" as const };
    expect(wasSeen(popup)).toBe(false);
    markSeen(popup);
    expect(wasSeen(popup)).toBe(true);
    newSession(local);
    expect(wasSeen(popup)).toBe(false);
  });

  it("once per day: seen again the next day", () => {
    const popup = { id: 2, frequency: "day" as const };
    markSeen(popup, new Date(2030, 0, 1, 23, 59));
    expect(wasSeen(popup, new Date(2030, 0, 1, 23, 59, 59))).toBe(true);
    expect(wasSeen(popup, new Date(2030, 0, 2, 0, 0, 1))).toBe(false);
  });

  it("once ever: seen in every later session", () => {
    const local = new MemoryStorage();
    newSession(local);
    const popup = { id: 3, frequency: "once" as const };
    markSeen(popup);
    newSession(local);
    expect(wasSeen(popup)).toBe(true);
  });

  it("storage that throws means not seen, never an error", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    vi.stubGlobal("window", { localStorage: broken, sessionStorage: broken });
    const popup = { id: 4, frequency: "once" as const };
    expect(() => markSeen(popup)).not.toThrow();
    expect(wasSeen(popup)).toBe(false);
  });
});

describe("audience", () => {
  it("first visit lasts the whole first session and ends with it", () => {
    const local = new MemoryStorage();
    newSession(local);
    expect(isFirstVisit()).toBe(true);
    expect(isFirstVisit()).toBe(true);
    newSession(local);
    expect(isFirstVisit()).toBe(false);
  });

  it("matches guests, signed-in customers and everyone", () => {
    const guest = { signedIn: false, firstVisit: false };
    const member = { signedIn: true, firstVisit: false };
    expect(inAudience("guests", guest)).toBe(true);
    expect(inAudience("guests", member)).toBe(false);
    expect(inAudience("signed-in", member)).toBe(true);
    expect(inAudience("everyone", guest)).toBe(true);
    expect(inAudience("first-visit", guest)).toBe(false);
  });

  it("chooses the first pop-up this visitor has not seen", () => {
    const popups = [
      { id: 10, audience: "signed-in" as const, frequency: "session" as const },
      { id: 11, audience: "everyone" as const, frequency: "session" as const },
      { id: 12, audience: "everyone" as const, frequency: "session" as const },
    ];
    const guest = { signedIn: false, firstVisit: false };
    expect(choosePopup(popups, guest)?.id).toBe(11);
    markSeen({ id: 11, frequency: "session" });
    expect(choosePopup(popups, guest)?.id).toBe(12);
  });
});
