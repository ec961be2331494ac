/**
 * Every /admin path (spec section 2): the title by path, the admin gate, then the admin
 * layout. Only the spinner is rendered on the server; data loads in the browser.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet } from "react-router";
import { AdminGate } from "../../features/admin/access/admin-gate.tsx";
import { ViewerProvider } from "../../features/admin/access/viewer.tsx";
import { AdminShell } from "../../features/admin/layout/admin-shell.tsx";
import { useIdentityQueryClient } from "../../features/admin/use-identity-query-client.ts";
import { cachedEmail, useAuth } from "../../features/identity/auth-store.ts";
import { adminTitle } from "../../lib/admin-paths.ts";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: adminTitle(location.pathname) },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminLayout() {
  const auth = useAuth();
  // Spec section 6: admin calls pass the signed-in user's email (the cached one as a fallback).
  const email = auth.user?.email ?? cachedEmail();
  const client = useIdentityQueryClient(`${auth.status}:${email ?? ""}`);
  return (
    <QueryClientProvider client={client}>
      <AdminGate auth={auth} email={email}>
        <ViewerProvider email={email ?? ""}>
          <AdminShell>
            <Outlet />
          </AdminShell>
        </ViewerProvider>
      </AdminGate>
    </QueryClientProvider>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
