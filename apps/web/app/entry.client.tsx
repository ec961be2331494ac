/**
 * Hydration: React Router's default entry (ADR 0020), plus a report of React's recoverable
 * errors.
 *
 * React hydrates concurrently, in slices of a few milliseconds. The storefront's regions
 * that may wait (header, category bar, a list's filters, each product card, the footer)
 * are `<Suspense>` boundaries, so React hydrates each on its own after the page's first
 * pass, and first the one a visitor presses or types into (it replays that event once the
 * region has hydrated, so an early tap still reaches its handler).
 */
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * A hydration mismatch, or any error React recovered from by rendering again in the browser:
 * reported with a fixed prefix, which the browser tests fail on (e2e/support/hydration.ts).
 */
const RECOVERABLE_ERROR = "React recovered from an error:";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    {
      onRecoverableError(error, info) {
        console.error(RECOVERABLE_ERROR, error, info.componentStack ?? "");
      },
    },
  );
});
