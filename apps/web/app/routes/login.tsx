/**
 * /login (spec section 2): sign in, create an account or ask for a password-reset link,
 * with email and password or a social provider in a popup. After signing in the page
 * goes back to `?redirectTo=` when that is a path on this site, else home. Someone
 * already signed in sees who they are and a Logout button.
 */
import * as Tabs from "@radix-ui/react-tabs";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { logOut } from "../features/identity/auth-client.ts";
import { useAuth } from "../features/identity/auth-store.ts";
import { AuthLayout } from "../features/identity/components/auth-layout.tsx";
import { ForgotPasswordForm } from "../features/identity/components/forgot-password-form.tsx";
import { SignInForm } from "../features/identity/components/sign-in-form.tsx";
import { SignUpForm } from "../features/identity/components/sign-up-form.tsx";
import { SignedInPanel } from "../features/identity/components/signed-in-panel.tsx";
import { SocialButtons } from "../features/identity/components/social-buttons.tsx";
import { loadIdentityConfig } from "../features/identity/identity-config.server.ts";
import { safeRedirect } from "../features/identity/redirect.ts";
import { apiFrom } from "../lib/api.ts";
import { storefrontMeta } from "../lib/meta.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/login";

export async function loader({ context }: Route.LoaderArgs) {
  return loadIdentityConfig(apiFrom(context));
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...storefrontMeta(matches, { heading: "Sign in", description: "Sign in or create an account to shop faster." }),
  { name: "robots", content: "noindex" },
];

type View = "sign-in" | "create" | "forgot";
const views: readonly View[] = ["sign-in", "create", "forgot"];
const intros: Record<View, string> = {
  "sign-in": "Welcome back. Sign in to see your orders and saved items.",
  create: "An account keeps your cart, wishlist and orders in one place.",
  forgot: "It happens. We will email you a link to choose a new one.",
};

export default function Login({ loaderData: identity }: Route.ComponentProps) {
  const { settings } = useRootData();
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get("redirectTo"));
  const [view, setView] = useState<View>(
    () => views.find((candidate) => candidate === params.get("view")) ?? "sign-in",
  );
  const [forgotEmail, setForgotEmail] = useState("");
  const goBack = () => navigate(target, { replace: true });
  const forgot = (email: string) => {
    setForgotEmail(email);
    setView("forgot");
  };

  if (auth.status === "signed-in") {
    return (
      <AuthLayout storeName={settings.name} title="You are signed in">
        <SignedInPanel user={auth.user} continueTo={target} onLogout={() => void logOut()} />
      </AuthLayout>
    );
  }

  const title = view === "forgot" ? "Forgot your password?" : "Your account";
  return (
    <AuthLayout storeName={settings.name} title={title} intro={intros[view]}>
      {/* Until the session is known (and the page hydrated) the forms stay inert. */}
      <fieldset disabled={auth.status === "loading"} className="min-w-0">
        {view === "forgot" ? (
          <ForgotPasswordForm defaultEmail={forgotEmail} onBack={() => setView("sign-in")} />
        ) : (
          <div className="grid gap-6">
            <Tabs.Root value={view} onValueChange={(value) => setView(value === "create" ? "create" : "sign-in")}>
              <Tabs.List
                aria-label="Sign in or create an account"
                className="mb-6 grid grid-cols-2 rounded-full bg-stone-100 p-1"
              >
                {(["sign-in", "create"] as const).map((value) => (
                  <Tabs.Trigger
                    key={value}
                    value={value}
                    className="whitespace-nowrap rounded-full px-2 py-2 font-semibold text-muted text-sm data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm"
                  >
                    {value === "create" ? "Create account" : "Sign in"}
                  </Tabs.Trigger>
                ))}
              </Tabs.List>
              <Tabs.Content value="sign-in" className="outline-none">
                <SignInForm onSignedIn={goBack} onForgot={forgot} />
              </Tabs.Content>
              <Tabs.Content value="create" className="outline-none">
                <SignUpForm
                  rules={identity.passwordPolicy.rules}
                  confirmsEmail={identity.emailVerification !== "off"}
                  onSignedIn={goBack}
                  onForgot={forgot}
                />
              </Tabs.Content>
            </Tabs.Root>
            <SocialButtons providers={identity.socialProviders} onSignedIn={goBack} />
          </div>
        )}
      </fieldset>
    </AuthLayout>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
