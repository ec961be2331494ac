/**
 * The admin gate (spec section 4): unknown (a spinner), then the admin layout or the 404
 * view. The check runs again whenever the signed-in user changes, because its query key
 * holds their email. Server rendering always shows the spinner: the token lives in the
 * browser's local storage.
 */
import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import type { AuthState } from "../../identity/auth-store.ts";
import { AdminDenied } from "./admin-denied.tsx";
import { useAdminCheck } from "./api.ts";
import { gateState } from "./gate-state.ts";

export function AdminGate({ auth, children }: { auth: AuthState; children: ReactNode }) {
  const check = useAdminCheck(auth.user?.email);
  const state = gateState(auth.status, check);
  if (state === "not-admin") return <AdminDenied />;
  if (state === "admin") return children;
  return (
    <main className="flex min-h-dvh items-center justify-center">
      <div role="status" data-testid="admin-gate-spinner">
        <LoaderCircle aria-hidden className="size-8 animate-spin text-muted" />
        <span className="sr-only">Checking your access…</span>
      </div>
    </main>
  );
}
