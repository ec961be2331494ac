/**
 * Staff whom the Owner's rule requires a second factor of (issue 37 item 9) see this
 * instead of the admin until they sign in with one (a code or a passkey). The server
 * refuses their admin calls anyway (403 SECOND_FACTOR_REQUIRED); this says why and where.
 */
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { paths } from "../../../lib/paths.ts";
import { useMe } from "./api.ts";

export function SecondFactorGate({ email, children }: { email: string; children: ReactNode }) {
  const me = useMe(email);
  if (me.data?.secondFactorRequired !== true) return children;
  const ready = me.data.twoFactorEnabled || me.data.hasPasskey;
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 py-24 text-center"
    >
      <ShieldAlert aria-hidden className="size-10 text-amber-700" />
      <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">
        {ready ? "Sign in with your second factor" : "Turn on two-step sign-in first"}
      </h1>
      <p className="text-muted">
        {ready
          ? "The shop's Owner requires a second factor for every staff account, and this sign-in did not use one. Sign out, then sign in with your authenticator app's code or a passkey."
          : "The shop's Owner requires a second factor for every staff account. Add an authenticator app or a passkey in your dashboard, then sign in with it to open the admin."}
      </p>
      <a
        href={ready ? paths.login() : `${paths.dashboard()}#two-step`}
        className="mt-2 rounded-full bg-ink px-6 py-3 font-medium text-sm text-white hover:bg-stone-700"
      >
        {ready ? "Sign in again" : "Set up two-step sign-in"}
      </a>
    </main>
  );
}
