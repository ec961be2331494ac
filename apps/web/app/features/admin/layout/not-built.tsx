/** The admin's own not-found page: menu links whose pages later issues build land here. */
import { Construction } from "lucide-react";
import { Link, useLocation } from "react-router";
import { adminPaths } from "../../../lib/admin-paths.ts";
import { buttonClass } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";

export function AdminNotBuilt() {
  const { pathname } = useLocation();
  return (
    <Card className="mx-auto mt-8 max-w-xl">
      <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-soft">
          <Construction aria-hidden className="size-6 text-brand" />
        </span>
        <h1 className="font-semibold text-xl tracking-tight">This admin page is not built yet</h1>
        <p className="max-w-sm text-muted text-sm">
          There is nothing at <code className="rounded bg-stone-100 px-1 py-0.5 text-ink text-xs">{pathname}</code> yet.
          Pick another page from the menu, or go back to the dashboard.
        </p>
        <Link to={adminPaths.home()} className={buttonClass("primary", "md", "mt-2")}>
          Back to the dashboard
        </Link>
      </div>
    </Card>
  );
}
