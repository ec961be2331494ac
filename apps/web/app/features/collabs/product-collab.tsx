/**
 * On a product page: "In collaboration with …" and, for a drop, the countdown and
 * "Notify me" before the launch (the purchase form shows once it launches, without a
 * reload) or "closed" after its end. The product page renders an open drop's form itself
 * (with `DropLimit` above it), so the form never waits for this module's code.
 */
import type { ProductCollabInfo } from "@atelier/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { collabPath } from "./collab-cards.tsx";
import { Countdown, useLaunched } from "./countdown.tsx";
import { LazyNotifyForm } from "./lazy-notify-form.tsx";

export function CollabCredit({ info }: { info: ProductCollabInfo | null }) {
  if (!info || info.collaborators.length === 0) return null;
  return (
    <p className="text-sm" data-testid="collab-credit">
      In collaboration with{" "}
      {info.collaborators.map((entry, index) => (
        <span key={entry.slug}>
          {index > 0 && (index === info.collaborators.length - 1 ? " and " : ", ")}
          <Link to={collabPath(entry.kind, entry.slug)} className="font-medium underline">
            {entry.name}
          </Link>
        </span>
      ))}
    </p>
  );
}

export function DropGate({ info, children }: { info: ProductCollabInfo | null; children: ReactNode }) {
  const drop = info?.drop ?? null;
  const launched = useLaunched(drop?.launchAt ?? "1970-01-01T00:00:00Z", drop === null || drop.state !== "upcoming");
  if (!drop) return <>{children}</>;
  const closed = drop.endsAt !== null && drop.state === "closed";
  if (closed) {
    return (
      <p role="status" className="rounded-lg bg-stone-100 px-4 py-3 font-medium">
        The drop “{drop.title}” has closed.
      </p>
    );
  }
  if (!launched) {
    return (
      <section aria-label="Drop" className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
        <p className="font-semibold">Coming soon: {drop.title}</p>
        <Countdown launchAt={drop.launchAt} label="Launches in" />
        <LazyNotifyForm target={{ dropId: drop.id }} />
      </section>
    );
  }
  return (
    <>
      <DropLimit drop={drop} />
      {children}
    </>
  );
}

/** An open drop's "at most N per customer", above its purchase form. */
export function DropLimit({ drop }: { drop: NonNullable<ProductCollabInfo["drop"]> }) {
  if (drop.perCustomerLimit === null) return null;
  return <p className="text-sm text-stone-700">Limited drop: at most {drop.perCustomerLimit} per customer.</p>;
}
