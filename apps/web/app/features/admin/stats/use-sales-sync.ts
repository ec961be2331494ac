/**
 * Drives Sync Sales Count: asks for one batch after another (each committed on its own by
 * the server) until the last, keeping the tally for the progress bar and the summary.
 * Cancel stops after the batch in flight; what was recomputed so far stays recomputed.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { syncSalesCountBatch } from "./api.ts";

const BATCH_SIZE = 200;

export interface SyncTally {
  checked: number;
  total: number;
  changed: number;
}

export type SyncState =
  | { status: "idle" }
  | ({ status: "running" } & SyncTally)
  | ({ status: "done" | "cancelled"; ms: number } & SyncTally)
  | ({ status: "failed"; ms: number; error: unknown } & SyncTally);

export function useSalesCountSync(events: { onFinish: (state: SyncState) => void }) {
  const [state, setState] = useState<SyncState>({ status: "idle" });
  const cancelled = useRef(false);
  const onFinish = useRef(events.onFinish);
  onFinish.current = events.onFinish;

  // Leaving the page stops the loop, like Cancel.
  useEffect(
    () => () => {
      cancelled.current = true;
    },
    [],
  );

  const start = useCallback(async () => {
    cancelled.current = false;
    const startedAt = performance.now();
    const tally: SyncTally = { checked: 0, total: 0, changed: 0 };
    let afterId: number | null = null;
    setState({ status: "running", ...tally });
    let finished: SyncState;
    try {
      do {
        const batch = await syncSalesCountBatch({ afterId, batchSize: BATCH_SIZE });
        tally.checked += batch.processed;
        tally.changed += batch.changed;
        tally.total = batch.total;
        afterId = batch.nextAfterId;
        setState({ status: "running", ...tally });
      } while (afterId !== null && !cancelled.current);
      const ms = performance.now() - startedAt;
      finished = { status: afterId === null ? "done" : "cancelled", ms, ...tally };
    } catch (error) {
      finished = { status: "failed", ms: performance.now() - startedAt, error, ...tally };
    }
    setState(finished);
    onFinish.current(finished);
  }, []);

  const cancel = useCallback(() => {
    cancelled.current = true;
  }, []);

  return { state, start, cancel };
}

/** How far the sync has come, 0 to 1 (products added meanwhile can make checked exceed total). */
export function progressOf(tally: SyncTally): number {
  return tally.total === 0 ? 0 : Math.min(1, tally.checked / tally.total);
}
