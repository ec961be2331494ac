/**
 * /reset-password: where the emailed reset link lands, with `?token=` (or
 * `?error=INVALID_TOKEN` when better-auth has already refused it). After the new
 * password is saved, every old session has ended, so the person signs in again.
 */
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { AuthLayout } from "../features/identity/components/auth-layout.tsx";
import { InvalidResetLink, ResetPasswordForm } from "../features/identity/components/reset-password-form.tsx";
import { loadIdentityConfig } from "../features/identity/identity-config.server.ts";
import { apiFrom } from "../lib/api.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { paths } from "../lib/paths.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/reset-password";

export async function loader({ context }: Route.LoaderArgs) {
  return loadIdentityConfig(apiFrom(context));
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...storefrontMeta(matches, { heading: "Reset password", description: "Choose a new password for your account." }),
  { name: "robots", content: "noindex" },
];

export default function ResetPassword({ loaderData: identity }: Route.ComponentProps) {
  const { settings } = useRootData();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = params.get("error") ? null : params.get("token");

  const done = () => {
    toast.success("Password changed", { description: "Sign in with your new password." });
    navigate(paths.login(), { replace: true });
  };

  return (
    <AuthLayout
      storeName={settings.name}
      title="Choose a new password"
      intro={token ? "Pick something you have not used here before." : undefined}
    >
      {token ? (
        <fieldset disabled={!hydrated} className="min-w-0">
          <ResetPasswordForm
            token={token}
            rules={identity.passwordPolicy.rules}
            storeName={settings.name}
            onDone={done}
          />
        </fieldset>
      ) : (
        <InvalidResetLink />
      )}
    </AuthLayout>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
