/**
 * Hydration: React Router's default entry, with two steps first for Preact (ADR 0019).
 *
 * `HydratedRouter` suspends on its first render until the loader data the server put in
 * the page's scripts is decoded. React suspends the whole root for that and hydrates
 * later; Preact has no root-level suspense, and a boundary around a whole document keeps
 * only part of the server's markup. So the router is created before hydrating:
 * `HydratedRouter` creates it (once, in module state) before it calls any hook, and
 * throws the decoding promise while the data is not in. Calling it outside a render starts
 * the decoding; once its promise settles, calling it again creates the router, and the
 * hydration then renders without suspending. React Router is pinned (8.4.0); the browser
 * tests fail if an upgrade changes this.
 */
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { hydrateInSlices } from "./components/hydrate-later.tsx";

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Decodes the page's loader data, then creates the router, each in a task of its own, so
 * that the scripts' evaluation, the decoding, the router's creation and the hydration
 * (itself in slices: components/hydrate-later.tsx) do not add up to one long task.
 */
async function routerCreated(): Promise<void> {
  for (;;) {
    try {
      (HydratedRouter as (props: object) => unknown)({});
    } catch (thrown) {
      if (thrown instanceof Promise) {
        await thrown;
        await nextTask();
        continue;
      }
      // Anything else is a hook called outside a render: the router exists.
    }
    break;
  }
  await nextTask();
}

void routerCreated().then(() =>
  hydrateInSlices(() =>
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    ),
  ),
);
