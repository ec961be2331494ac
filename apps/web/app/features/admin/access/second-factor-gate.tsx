/**
 * Staff whom the Owner's rule requires a second factor of (issue 37 item 9) see this
 * instead of the admin until they turn two-step sign-in on in their dashboard. The server
 * refuses their admin calls anyway (403 SECOND_FACTOR_REQUIRED); this says why and where.
 */
import { ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { paths } from "../../../lib/paths.ts";
import { useMe } from "./api.ts";

export function SecondFactorGate({ email, children }: { email: string; children: ReactNode }) {
  const me = useMe(email);
  if (me.data?.secondFactorRequired !== true) return children;
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 py-24 text-center"
    >
      <ShieldAlert aria-hidden className="size-10 text-amber-700" />
      <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Turn on two-step sign-in first</h1>
      <p className="text-muted">
        The shop's Owner requires a second factor for every staff account. Add a code from an authenticator app to your
        password in your dashboard; the admin opens as soon as it is on.
      </p>
      <a
        href={`${paths.dashboard()}#two-step`}
        className="mt-2 rounded-full bg-ink px-6 py-3 font-medium text-sm text-white hover:bg-stone-700"
      >
        Set up two-step sign-in
      </a>
    </main>
  );
}
