/**
 * Every /admin path (spec section 2): the title by path, the admin gate, then the admin
 * layout, and the page if the viewer's roles grant its area. Only the spinner is rendered
 * on the server; data loads in the browser.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { Outlet, useLocation } from "react-router";
import { AdminGate } from "../../features/admin/access/admin-gate.tsx";
import { RequirePermission } from "../../features/admin/access/require-permission.tsx";
import { SecondFactorGate } from "../../features/admin/access/second-factor-gate.tsx";
import { ViewerProvider } from "../../features/admin/access/viewer.tsx";
import { AdminShell } from "../../features/admin/layout/admin-shell.tsx";
import { requiredPermission } from "../../features/admin/layout/menu-match.ts";
import { useIdentityQueryClient } from "../../features/admin/use-identity-query-client.ts";
import { useAuth } from "../../features/identity/auth-store.ts";
import { adminTitle } from "../../lib/admin-paths.ts";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: adminTitle(location.pathname) },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminLayout() {
  const auth = useAuth();
  const { pathname } = useLocation();
  // Spec section 6: admin calls pass the signed-in user's email; the gate only asks for a signed-in user.
  const email = auth.user?.email ?? "";
  const client = useIdentityQueryClient(email);
  return (
    <QueryClientProvider client={client}>
      <AdminGate auth={auth}>
        <ViewerProvider email={email}>
          <SecondFactorGate email={email}>
            <AdminShell>
              <RequirePermission permission={requiredPermission(pathname)}>
                <Outlet />
              </RequirePermission>
            </AdminShell>
          </SecondFactorGate>
        </ViewerProvider>
      </AdminGate>
    </QueryClientProvider>
  );
}

export { AdminRouteError as ErrorBoundary } from "../../features/admin/layout/admin-route-error.tsx";
