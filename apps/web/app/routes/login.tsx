/**
 * /login (spec section 2): sign in, create an account or ask for a password-reset link,
 * with email and password or a social provider in a popup. After signing in the page
 * goes back to `?redirectTo=` when that is a path on this site, else home. Someone
 * already signed in sees who they are and a Logout button.
 */
import * as Tabs from "@radix-ui/react-tabs";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { logOut } from "../features/identity/auth-client.ts";
import { adoptCookieSession, useAuth } from "../features/identity/auth-store.ts";
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
  useConfirmedEmail(params);
  const signInTab = useRef<HTMLButtonElement>(null);
  const forgot = (email: string) => {
    setForgotEmail(email);
    setView("forgot");
  };
  const backToSignIn = () => {
    // The forgot form (and the focused button in it) goes away: the focus goes to the tab.
    flushSync(() => setView("sign-in"));
    signInTab.current?.focus();
  };

  if (auth.status === "signed-in") {
    return (
      <AuthLayout storeName={settings.name} title="You are signed in">
        <SignedInPanel user={auth.user} continueTo={target} onLogout={() => void logOut()} />
      </AuthLayout>
    );
  }

  const title = view === "forgot" ? "Forgot your password?" : "Your account";
  const tabClass =
    "whitespace-nowrap rounded-full px-2 py-2 font-semibold text-muted text-sm data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm";
  // The tab panels stay mounted (forceMount, hidden while inactive) and so do they while
  // the forgot form shows: switching never throws away what the person has typed.
  const panelClass = "outline-none data-[state=inactive]:hidden";
  return (
    <AuthLayout storeName={settings.name} title={title} intro={intros[view]}>
      {/* Until the session is known (and the page hydrated) the forms stay inert. */}
      <fieldset disabled={auth.status === "loading"} className="min-w-0">
        {view === "forgot" && <ForgotPasswordForm defaultEmail={forgotEmail} onBack={backToSignIn} />}
        <div hidden={view === "forgot"} className="grid gap-6">
          <Tabs.Root value={view === "create" ? "create" : "sign-in"} onValueChange={(value) => setView(asTab(value))}>
            <Tabs.List
              aria-label="Sign in or create an account"
              className="mb-6 grid grid-cols-2 rounded-full bg-stone-100 p-1"
            >
              <Tabs.Trigger ref={signInTab} value="sign-in" className={tabClass}>
                Sign in
              </Tabs.Trigger>
              <Tabs.Trigger value="create" className={tabClass}>
                Create account
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="sign-in" forceMount className={panelClass}>
              <SignInForm onSignedIn={goBack} onForgot={forgot} />
            </Tabs.Content>
            <Tabs.Content value="create" forceMount className={panelClass}>
              <SignUpForm
                rules={identity.passwordPolicy.rules}
                storeName={settings.name}
                confirmsEmail={identity.emailVerification !== "off"}
                onSignedIn={goBack}
                onForgot={forgot}
              />
            </Tabs.Content>
          </Tabs.Root>
          <SocialButtons providers={identity.socialProviders} onSignedIn={goBack} />
        </div>
      </fieldset>
    </AuthLayout>
  );
}

/**
 * The email-confirmation link lands here (`?confirmed=1`, or better-auth adds `&error=`
 * when the link is spent or expired): the confirmed session becomes the access token.
 */
function useConfirmedEmail(params: URLSearchParams): void {
  const confirmed = params.get("confirmed") === "1";
  const failed = params.has("error");
  useEffect(() => {
    if (!confirmed) return;
    if (failed) {
      toast.error("This confirmation link has expired or was already used. Sign in to get a new one.");
      return;
    }
    void adoptCookieSession().then((state) => {
      if (state.status === "signed-in") toast.success("Email confirmed. You are signed in.");
    });
  }, [confirmed, failed]);
}

const asTab = (value: string): View => (value === "create" ? "create" : "sign-in");

export { RouteErrorBoundary as ErrorBoundary } from "../features/layout/route-error-boundary.tsx";
