/**
 * What this browser remembers about pop-ups, so audience and frequency are decided here
 * and the pages stay cacheable: whether this is the visitor's first visit, and when each
 * pop-up was last shown (a shown pop-up counts as seen, so a dismissal is remembered too).
 * - once per session: sessionStorage;
 * - once per day: localStorage holds the local day it was shown;
 * - once ever: localStorage.
 * Storage that throws (private modes, full quotas) means "not seen": the worst case is
 * one pop-up too many, never a broken page.
 */
import type { PopupAudience, PopupFrequency } from "@atelier/contract/popup-constants";

const prefix = "atelier.popup.";
const firstSeenKey = "atelier.popups.firstSeen";
const firstVisitKey = "atelier.popups.firstVisit";

export interface PopupCandidate {
  id: number;
  audience: PopupAudience;
  frequency: PopupFrequency;
}

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Not remembered: see above.
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

export function today(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * True during the visitor's first session on the shop. The first storefront page marks
 * the browser as seen and this session as its first.
 */
export function isFirstVisit(): boolean {
  if (read(session, firstVisitKey) === "1") return true;
  if (read(local, firstSeenKey) !== null) return false;
  write(local, firstSeenKey, new Date().toISOString());
  write(session, firstVisitKey, "1");
  return true;
}

export function wasSeen(popup: Pick<PopupCandidate, "id" | "frequency">, now = new Date()): boolean {
  const key = `${prefix}${popup.id}`;
  switch (popup.frequency) {
    case "session":
      return read(session, key) !== null;
    case "day":
      return read(local, key) === today(now);
    case "once":
      return read(local, key) !== null;
  }
}

export function markSeen(popup: Pick<PopupCandidate, "id" | "frequency">, now = new Date()): void {
  const key = `${prefix}${popup.id}`;
  if (popup.frequency === "session") write(session, key, "1");
  else write(local, key, popup.frequency === "day" ? today(now) : "1");
}

export function inAudience(audience: PopupAudience, visitor: { signedIn: boolean; firstVisit: boolean }): boolean {
  switch (audience) {
    case "everyone":
      return true;
    case "guests":
      return !visitor.signedIn;
    case "signed-in":
      return visitor.signedIn;
    case "first-visit":
      return visitor.firstVisit;
  }
}

/** The first pop-up (newest first, as the server sends them) this visitor should see now. */
export function choosePopup<T extends PopupCandidate>(
  popups: readonly T[],
  visitor: { signedIn: boolean; firstVisit: boolean },
  now = new Date(),
): T | undefined {
  return popups.find((popup) => inAudience(popup.audience, visitor) && !wasSeen(popup, now));
}
