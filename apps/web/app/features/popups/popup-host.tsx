/**
 * Shows the storefront's pop-ups without costing the page anything: nothing is rendered
 * on the server or in the first paint; after the page has loaded and the browser is idle,
 * the host asks which pop-ups run now for this page (home, or a category's pages), picks
 * the first this visitor should see (audience and frequency, decided from this browser's
 * own state: popup-memory.ts), and only then loads the modal's code (its own chunk).
 * One pop-up per page view at most.
 */
import type { ActivePopup } from "@atelier/contract";
import { endpointUrl, shopApiPaths } from "@atelier/contract/constants";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useAuth } from "../identity/auth-store.ts";
import type { ShellNavigation } from "../navigation/build-navigation.ts";
import { loadTaxonomy } from "../navigation/menu-data.ts";
import { choosePopup, isFirstVisit, markSeen } from "./popup-memory.ts";
import { categoryOfPath, isCategoryPath } from "./popup-page.ts";

const PopupModal = lazy(() => import("./popup-modal.tsx").then((module) => ({ default: module.PopupModal })));

/** After the load event and an idle moment (or 3 s), so the pop-up never competes with the page. */
function afterPaint(run: () => void): () => void {
  let idle: number | undefined;
  let timer: number | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === "function") idle = window.requestIdleCallback(run, { timeout: 3000 });
    else timer = window.setTimeout(run, 500);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) window.clearTimeout(timer);
  };
}

export function PopupHost({ navigation }: { navigation: ShellNavigation }) {
  const { status } = useAuth();
  const { pathname } = useLocation();
  const [popup, setPopup] = useState<ActivePopup | null>(null);
  const showing = useRef(false);
  const page = pathname === "/" ? "home" : "other";

  // Runs for every page the shopper lands on (client navigations included); a pop-up that
  // is open stays alone, and one shown is marked seen at once, so it never comes back early.
  // A category's pages need the taxonomy to know their category: loaded then, after the paint.
  useEffect(() => {
    if (status === "loading") return;
    const controller = new AbortController();
    const cancel = afterPaint(() => {
      if (showing.current) return;
      const categoryId = isCategoryPath(pathname)
        ? loadTaxonomy(navigation).then(
            (taxonomy) => categoryOfPath(pathname, taxonomy),
            () => undefined,
          )
        : Promise.resolve(undefined);
      categoryId
        .then((id) =>
          fetch(endpointUrl({ path: shopApiPaths.activePopups }, {}, { page, categoryId: id }), {
            signal: controller.signal,
          }),
        )
        .then((response) => (response.ok ? (response.json() as Promise<ActivePopup[]>) : []))
        .then((popups) => {
          if (controller.signal.aborted || showing.current) return;
          const chosen = choosePopup(popups, { signedIn: status === "signed-in", firstVisit: isFirstVisit() });
          if (!chosen) return;
          markSeen(chosen);
          showing.current = true;
          setPopup(chosen);
        })
        .catch(() => {
          // A pop-up is never worth an error: the page works without it.
        });
    });
    return () => {
      cancel();
      controller.abort();
    };
  }, [status, page, pathname, navigation]);

  if (!popup) return null;
  return (
    <Suspense fallback={null}>
      <PopupModal
        key={popup.id}
        popup={popup}
        onClosed={() => {
          showing.current = false;
          setPopup(null);
        }}
      />
    </Suspense>
  );
}
