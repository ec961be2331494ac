/**
 * Sync Sales Count: one button that recomputes every product's sales count from orders,
 * a progress bar while it runs (with Cancel), and a summary of what it did.
 */
import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { formatCount } from "../format.ts";
import { UploadProgress } from "../media/upload-progress.tsx";
import { errorMessage } from "../query-client.ts";
import { Button } from "../ui/button.tsx";
import { Card, CardHeader } from "../ui/card.tsx";
import { progressOf, type SyncState, useSalesCountSync } from "./use-sales-sync.ts";

function announce(state: SyncState): void {
  if (state.status === "done") {
    toast.success(`Sales counts are up to date: ${formatCount(state.changed)} changed`);
  } else if (state.status === "cancelled") {
    toast(`Sync cancelled after ${formatCount(state.checked)} products`);
  } else if (state.status === "failed") {
    toast.error(errorMessage(state.error));
  }
}

const seconds = (ms: number) => `${(ms / 1000).toLocaleString("en", { maximumFractionDigits: 1 })} s`;

export function SalesSync() {
  const { state, start, cancel } = useSalesCountSync({ onFinish: announce });
  const [cancelling, setCancelling] = useState(false);
  const running = state.status === "running";

  return (
    <Card labelledBy="sales-sync-title">
      <CardHeader
        id="sales-sync-title"
        title="Recompute sales counts"
        description="Each product's sales count becomes the units sold in orders that are neither drafts nor cancelled. It orders the storefront's popular products."
      />
      <div className="space-y-4 p-4">
        <div className="flex flex-wrap gap-2">
          <Button
            variant="primary"
            disabled={running}
            onClick={() => {
              setCancelling(false);
              void start();
            }}
          >
            <RefreshCw aria-hidden className={`size-4 ${running ? "animate-spin" : ""}`} />
            {running ? "Syncing…" : "Sync sales count"}
          </Button>
          {running ? (
            <Button
              disabled={cancelling}
              onClick={() => {
                setCancelling(true);
                cancel();
              }}
            >
              {cancelling ? "Cancelling…" : "Cancel"}
            </Button>
          ) : null}
        </div>
        {state.status === "idle" ? null : (
          <div className="space-y-2">
            <UploadProgress value={progressOf(state)} label="Sales count sync progress" />
            <p className="text-muted text-sm" aria-live="polite">
              {running ? `${formatCount(state.checked)} of ${formatCount(state.total)} products checked` : null}
            </p>
          </div>
        )}
        {state.status !== "idle" && state.status !== "running" ? <Summary state={state} /> : null}
      </div>
    </Card>
  );
}

function Summary({ state }: { state: Exclude<SyncState, { status: "idle" | "running" }> }) {
  const heading = {
    done: "Sync complete",
    cancelled: "Sync cancelled: the products checked so far keep their new counts",
    failed: "Sync stopped by an error: the products checked so far keep their new counts",
  }[state.status];
  const figures = [
    ["Products checked", formatCount(state.checked)],
    ["Counts changed", formatCount(state.changed)],
    ["Time taken", seconds(state.ms)],
  ] as const;
  return (
    <section aria-labelledby="sales-sync-summary" className="rounded-lg border border-line bg-stone-50 p-4">
      <h3 id="sales-sync-summary" className="font-medium text-sm">
        {heading}
      </h3>
      <dl className="mt-3 grid gap-3 sm:grid-cols-3">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-muted text-xs">{label}</dt>
            <dd className="font-semibold text-xl tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
