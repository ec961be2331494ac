/**
 * Hydrating a page in slices (ADR 0019). Preact hydrates a page in one synchronous pass,
 * where React slices its work; on a slow phone that pass is one task of a few hundred
 * milliseconds during which the page cannot answer a tap. A `<HydrateLater>` region is
 * skipped by the page's first hydration (Preact keeps its server markup as it is) and
 * hydrated afterwards in a task of its own, regions one after another in document order;
 * a region met inside another waits for a turn of its own too.
 *
 * The first input (a press, a key, a focus) hydrates everything still waiting before the
 * event reaches its target, so no tap meets a button without its handler.
 *
 * `<html data-hydration>` says where this stands: "slicing", then "done".
 *
 * Rules: the child renders exactly one element (Preact keeps the first node of a
 * suspended region); on the server and once the page has hydrated, the region is just its
 * child, so pages rendered in the browser later never wait.
 */
import { type ReactElement, Suspense, useRef } from "react";

let hydrating = false;
const turns: Array<() => void> = [];
const inputs = ["pointerdown", "keydown", "focusin", "touchstart"] as const;

/** Runs the page's first hydration, then hydrates the regions it skipped, one per task. */
export function hydrateInSlices(hydrate: () => void): void {
  hydrating = true;
  for (const type of inputs) window.addEventListener(type, hydrateAll, { capture: true, passive: true });
  hydrate();
  document.documentElement.dataset.hydration = "slicing";
  setTimeout(nextTurn, 0);
}

function nextTurn(): void {
  const turn = turns.shift();
  if (!turn) {
    finish();
    return;
  }
  // The region re-renders in this task's microtasks, so each region hydrates in a task of
  // its own; the next turn is a new task.
  turn();
  setTimeout(nextTurn, 0);
}

/**
 * An input arrived: every waiting region (and any region inside one) renders now. They
 * render in the microtasks that run once this listener returns, before the event goes on
 * to its target.
 */
function hydrateAll(): void {
  hydrating = false;
  for (let turn = turns.shift(); turn; turn = turns.shift()) turn();
  finish();
}

function finish(): void {
  hydrating = false;
  document.documentElement.dataset.hydration = "done";
  for (const type of inputs) window.removeEventListener(type, hydrateAll, { capture: true });
}

function Turn({ children }: { children: ReactElement }): ReactElement {
  const wait = useRef<{ promise: Promise<void>; done: boolean } | null>(null);
  if (wait.current === null && hydrating) {
    const turn = { promise: new Promise<void>((resolve) => turns.push(resolve)), done: false };
    turn.promise.then(() => {
      turn.done = true;
    });
    wait.current = turn;
  }
  if (wait.current && !wait.current.done) throw wait.current.promise;
  return children;
}

export function HydrateLater({ children }: { children: ReactElement }): ReactElement {
  return (
    <Suspense fallback={null}>
      <Turn>{children}</Turn>
    </Suspense>
  );
}
