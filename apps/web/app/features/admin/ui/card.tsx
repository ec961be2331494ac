/** Panels of the back office pages. */
import type { ReactNode } from "react";

/** A panel; given the id of its header's title, it is a named region screen readers can jump to. */
export function Card(props: { children: ReactNode; className?: string; labelledBy?: string }) {
  return (
    <section
      aria-labelledby={props.labelledBy}
      className={`rounded-xl border border-line bg-white shadow-xs ${props.className ?? ""}`}
    >
      {props.children}
    </section>
  );
}

export function CardHeader(props: { title: string; description?: string; actions?: ReactNode; id?: string }) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-3 border-line border-b px-4 py-3">
      <div className="min-w-0">
        <h2 id={props.id} className="font-semibold text-sm">
          {props.title}
        </h2>
        {props.description ? <p className="mt-0.5 text-muted text-xs">{props.description}</p> : null}
      </div>
      {props.actions ? <div className="flex items-center gap-2">{props.actions}</div> : null}
    </header>
  );
}

export function PageHeader(props: { title: string; description?: string; actions?: ReactNode; eyebrow?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        {props.eyebrow}
        <h1 className="font-semibold text-2xl tracking-tight">{props.title}</h1>
        {props.description ? <p className="mt-1 max-w-2xl text-muted text-sm">{props.description}</p> : null}
      </div>
      {props.actions ? <div className="flex flex-wrap items-center gap-2">{props.actions}</div> : null}
    </header>
  );
}
