/** What /login shows to someone already signed in: who they are, and a way out. */
import { LogOut } from "lucide-react";
import { Link } from "react-router";
import type { UserInfo } from "../../../lib/credentials.ts";
import { submitClass } from "./form-alert.tsx";

export function SignedInPanel(props: { user: UserInfo; continueTo: string; onLogout: () => void }) {
  return (
    <div className="grid gap-5">
      <p className="text-muted">
        Signed in as <strong className="font-semibold text-ink">{props.user.username}</strong>
        <br />
        <span className="break-all">{props.user.email}</span>
      </p>
      <div className="grid gap-3">
        <Link to={props.continueTo} className={submitClass}>
          Continue shopping
        </Link>
        <button
          type="button"
          onClick={props.onLogout}
          className="inline-flex w-full items-center justify-center gap-2 rounded-full border border-stone-400 px-6 py-3 font-semibold text-sm hover:bg-stone-50"
        >
          <LogOut aria-hidden className="size-4" /> Logout
        </button>
      </div>
    </div>
  );
}
