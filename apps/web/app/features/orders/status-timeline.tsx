/**
 * The order's progress as steps (placed → confirmed → packed → shipped → delivered), and
 * below them every public event with who and when. A cancelled order or a return shows
 * its own last step.
 */
import type { CustomerOrder } from "@atelier/contract";
import { Check } from "lucide-react";
import { formatDateTime, statusLabels } from "./labels.ts";
import { stepsFor } from "./timeline-steps.ts";

export function StatusTimeline({ order }: { order: CustomerOrder }) {
  const { steps, reached } = stepsFor(order);
  return (
    <section aria-labelledby="timeline-heading" className="rounded-xl border border-line bg-white p-4">
      <h2 id="timeline-heading" className="mb-4 font-semibold">
        Order status
      </h2>
      <ol className="grid gap-3 min-[600px]:flex min-[600px]:items-start min-[600px]:gap-0">
        {steps.map((step, index) => {
          const done = index <= reached;
          const current = index === reached;
          return (
            <li
              key={step}
              className="flex items-center gap-3 min-[600px]:flex-1 min-[600px]:flex-col min-[600px]:text-center"
              aria-current={current ? "step" : undefined}
            >
              <span
                className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full border-2 font-semibold text-sm ${
                  done
                    ? step === "cancelled"
                      ? "border-stone-700 bg-stone-700 text-white"
                      : "border-green-800 bg-green-800 text-white"
                    : "border-stone-400 bg-white text-stone-600"
                }`}
              >
                {done ? <Check aria-hidden className="size-4" /> : index + 1}
              </span>
              <span className={`text-sm ${current ? "font-semibold" : done ? "" : "text-muted"}`}>
                {statusLabels[step]}
                <span className="sr-only">{done ? (current ? " (current)" : " (done)") : " (to come)"}</span>
              </span>
            </li>
          );
        })}
      </ol>
      {order.status === "shipped" && order.courier ? (
        <p className="mt-4 rounded-lg bg-sky-50 p-3 text-sm">
          On its way with <strong>{order.courier}</strong>, tracking number{" "}
          <strong className="font-mono">{order.trackingNumber}</strong>.
        </p>
      ) : null}
      <h3 className="mt-5 mb-2 font-semibold text-sm">History</h3>
      <ol className="grid gap-2 border-line border-l-2 pl-4 text-sm">
        {[...order.timeline].reverse().map((event) => (
          <li key={`${event.at}-${event.kind}-${event.toStatus ?? ""}-${event.message}`}>
            <p>
              {event.toStatus ? <strong>{statusLabels[event.toStatus]}</strong> : null}
              {event.toStatus && event.message ? " — " : null}
              {event.message}
            </p>
            <p className="text-muted text-xs">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time> · {event.actorName}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
