/** The latest things that happened in the shop: sign-ups, sign-ins, product and role changes. */
import type { ActivityItem } from "@atelier/contract";
import { History, KeyRound, type LucideIcon, PackageCheck, ShieldCheck, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { formatDateTime, formatRelative } from "../format.ts";
import { EmptyState } from "../ui/states.tsx";

const icons: Record<ActivityItem["kind"], LucideIcon> = {
  "sign-up": UserPlus,
  "sign-in": KeyRound,
  "product-updated": PackageCheck,
  "role-changed": ShieldCheck,
};

export function RecentActivity({ items }: { items: readonly ActivityItem[] }) {
  if (items.length === 0) {
    return (
      <EmptyState icon={History} title="Nothing has happened yet">
        Sign-ups, sign-ins and changes to products and roles will show here.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-line">
      {items.map((item) => {
        const Icon = icons[item.kind];
        const title = item.href ? (
          <Link to={item.href} className="font-medium hover:underline">
            {item.title}
          </Link>
        ) : (
          <span className="font-medium">{item.title}</span>
        );
        return (
          <li key={`${item.kind}-${item.at}-${item.title}`} className="flex items-start gap-3 px-4 py-2.5">
            <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-stone-100">
              <Icon aria-hidden className="size-3.5 text-stone-600" />
            </span>
            <div className="min-w-0 flex-1 text-sm">
              <p className="truncate">{title}</p>
              {item.detail ? <p className="truncate text-muted text-xs">{item.detail}</p> : null}
            </div>
            <time dateTime={item.at} title={formatDateTime(item.at)} className="shrink-0 text-muted text-xs">
              {formatRelative(item.at)}
            </time>
          </li>
        );
      })}
    </ul>
  );
}
