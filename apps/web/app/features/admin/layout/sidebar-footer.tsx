/** The foot of the sidebar: back to the shop, and who is signed in with Logout (spec section 4). */
import { LogOut, Store } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../../lib/paths.ts";
import { signOut, useAuth } from "../../identity/auth-store.ts";
import { UserAvatar } from "../ui/user-avatar.tsx";
import { RailTooltip } from "./rail-tooltip.tsx";
import { itemClass } from "./sidebar-nav.tsx";

export function SidebarFooter({ open }: { open: boolean }) {
  const auth = useAuth();
  const user = auth.user;
  return (
    <div className={`shrink-0 space-y-1 border-line border-t py-3 ${open ? "px-3" : "px-1"}`}>
      <RailTooltip label="Back to shop" enabled={!open}>
        <Link to={paths.home()} className={itemClass(open)} aria-label={open ? undefined : "Back to shop"}>
          <Store aria-hidden className="size-4 shrink-0 text-stone-500" />
          {open ? <span>Back to shop</span> : null}
        </Link>
      </RailTooltip>
      <div className={`flex items-center gap-2 ${open ? "rounded-lg bg-stone-50 p-2" : "flex-col"}`}>
        {open && user ? (
          <>
            <UserAvatar name={user.username} tone="dark" />
            <div className="min-w-0 flex-1 leading-tight" data-testid="admin-signed-in-user">
              <p className="truncate font-medium text-sm">{user.username}</p>
              <p className="truncate text-muted text-xs">{user.email}</p>
            </div>
          </>
        ) : null}
        <RailTooltip label="Logout" enabled={!open}>
          <button
            type="button"
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-stone-600 hover:bg-stone-200 hover:text-ink"
            aria-label="Logout"
            title={open ? "Logout" : undefined}
            onClick={() => void signOut()}
          >
            <LogOut aria-hidden className="size-4" />
          </button>
        </RailTooltip>
      </div>
    </div>
  );
}
