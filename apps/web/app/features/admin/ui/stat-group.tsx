/** A titled row of figures (counts on the dashboard and in insights); a figure may link to its page. */
import { useId } from "react";
import { Link } from "react-router";
import { formatCount } from "../format.ts";
import { Skeleton } from "./states.tsx";

export interface Stat {
  label: string;
  value: number | undefined;
  href?: string;
  /** Shown in red when above zero: something needs attention. */
  alert?: boolean;
}

export function StatGroup(props: { title: string; stats: readonly Stat[]; columns: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 font-semibold text-muted text-xs uppercase tracking-wider">
        {props.title}
      </h2>
      <ul className={`grid gap-3 ${props.columns}`}>
        {props.stats.map((stat) => {
          const alert = stat.alert && stat.value !== undefined && stat.value > 0;
          const body = (
            <>
              <span className="block text-muted text-xs leading-tight">{stat.label}</span>
              <span
                className={`mt-1 block font-semibold text-2xl tabular-nums tracking-tight ${alert ? "text-red-700" : ""}`}
              >
                {stat.value === undefined ? <Skeleton className="h-8 w-14" /> : formatCount(stat.value)}
              </span>
            </>
          );
          const box = "block h-full rounded-xl border border-line bg-white px-4 py-3 shadow-xs";
          return (
            <li key={stat.label} className="min-w-0">
              {stat.href ? (
                <Link to={stat.href} className={`${box} hover:border-stone-400`}>
                  {body}
                </Link>
              ) : (
                <div className={box}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
