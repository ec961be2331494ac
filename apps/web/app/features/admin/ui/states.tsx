/** Loading, empty and failed states shared by the admin pages. */
import { CircleAlert, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { errorMessage } from "../query-client.ts";
import { Button } from "./button.tsx";

export function Skeleton({ className = "" }: { className?: string }) {
  return <span aria-hidden className={`block animate-pulse rounded-md bg-stone-200/70 ${className}`} />;
}

/** Rows of grey bars while a list loads; announced once to screen readers. */
export function SkeletonRows({ rows = 5, label = "Loading" }: { rows?: number; label?: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-3 p-4">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} className="h-5 w-full" />
      ))}
    </div>
  );
}

export function EmptyState(props: { icon: LucideIcon; title: string; children?: ReactNode }) {
  const Icon = props.icon;
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      <span className="flex size-10 items-center justify-center rounded-full bg-stone-100">
        <Icon aria-hidden className="size-5 text-muted" />
      </span>
      <p className="font-medium text-sm">{props.title}</p>
      {props.children ? <div className="max-w-sm text-muted text-sm">{props.children}</div> : null}
    </div>
  );
}

export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <CircleAlert aria-hidden className="size-6 text-red-700" />
      <p className="text-sm">{errorMessage(error)}</p>
      {onRetry ? (
        <Button size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}

export type PillTone = "neutral" | "green" | "red" | "amber" | "brand";

const tones: Record<PillTone, string> = {
  neutral: "bg-stone-100 text-stone-700 ring-stone-200",
  green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  red: "bg-red-50 text-red-800 ring-red-200",
  amber: "bg-amber-50 text-amber-900 ring-amber-200",
  brand: "bg-brand-soft text-brand-dark ring-orange-200",
};

export function Pill({ tone = "neutral", children }: { tone?: PillTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-md px-1.5 py-0.5 font-medium text-xs ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  );
}
