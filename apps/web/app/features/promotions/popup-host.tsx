/**
 * Pop-ups on the storefront. The host is tiny and rides in the shell: once the page has
 * painted and the browser is idle, it asks which pop-ups are live for this page, keeps
 * the first one this visitor may see (audience, frequency, dismissals remembered in
 * storage), and only then loads the dialog. The dialog is a native modal <dialog> in the
 * top layer: no layout shift, the page behind is inert (focus stays inside), Escape and
 * the close button dismiss it, and it is labelled by its title.
 */
import type { LivePopup } from "@atelier/contract";
import { endpointUrl } from "@atelier/contract/constants";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { readStorage, storageKeys } from "../../lib/credentials.ts";

const PopupDialog = lazy(() => import("./popup-dialog.tsx").then((module) => ({ default: module.PopupDialog })));

/** promotionPaths.livePopups: written out, since the contract's promotions file brings zod into the shell. */
const LIVE_POPUPS = "/popups/live";
const VISITED = "atelier.visited";
const seenKey = (popup: Pick<LivePopup, "id" | "version">) => `atelier.popup.${popup.id}.${popup.version}`;

function safe<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    return fallback;
  }
}

/** Whether this visitor may see the pop-up now (audience and frequency). */
export function mayShow(
  popup: LivePopup,
  visitor: { signedIn: boolean; firstVisit: boolean },
  now = Date.now(),
): boolean {
  if (popup.audience === "guests" && visitor.signedIn) return false;
  if (popup.audience === "signed_in" && !visitor.signedIn) return false;
  if (popup.audience === "first_visit" && !visitor.firstVisit) return false;
  const key = seenKey(popup);
  if (popup.frequency === "session") return safe(() => window.sessionStorage.getItem(key) === null, false);
  const seen = safe(() => window.localStorage.getItem(key), "x");
  if (seen === null) return true;
  if (popup.frequency === "day") return now - Number(seen) >= 24 * 60 * 60 * 1000;
  return false;
}

export function rememberDismissal(popup: LivePopup): void {
  const key = seenKey(popup);
  safe(() => {
    if (popup.frequency === "session") window.sessionStorage.setItem(key, "1");
    else window.localStorage.setItem(key, String(Date.now()));
  }, undefined);
}

function pageQuery(pathname: string): Record<string, string | number | undefined> {
  if (pathname === "/") return { page: "home" };
  const list = /^\/products\/(\d+)$/.exec(pathname);
  return { page: "other", subSubCategoryId: list ? Number(list[1]) : undefined };
}

export function PopupHost() {
  const { pathname } = useLocation();
  const [popup, setPopup] = useState<LivePopup | null>(null);

  useEffect(() => {
    if (pathname.startsWith("/checkout")) return;
    let cancelled = false;
    const firstVisit = safe(() => window.localStorage.getItem(VISITED) === null, false);
    const ask = () => {
      fetch(endpointUrl({ path: LIVE_POPUPS }, {}, pageQuery(pathname)))
        .then((response) => (response.ok ? (response.json() as Promise<LivePopup[]>) : []))
        .then((live) => {
          safe(() => window.localStorage.setItem(VISITED, "1"), undefined);
          if (cancelled) return;
          const signedIn = readStorage(storageKeys.accessToken) !== null;
          setPopup(live.find((candidate) => mayShow(candidate, { signedIn, firstVisit })) ?? null);
        })
        .catch(() => undefined);
    };
    // After the page has painted and settled: never in the way of the largest paint.
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1200));
    const handle = window.setTimeout(() => idle(ask), 800);
    return () => {
      cancelled = true;
      window.clearTimeout(handle);
    };
  }, [pathname]);

  if (!popup) return null;
  return (
    <Suspense fallback={null}>
      <PopupDialog
        popup={popup}
        onClose={() => {
          rememberDismissal(popup);
          setPopup(null);
        }}
      />
    </Suspense>
  );
}
