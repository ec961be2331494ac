/**
 * "Continue with {name}" for each configured social provider. The popup opens inside
 * the click; a blocked, closed or failed popup changes nothing on the page (spec
 * section 8: social login failures are silently ignored).
 */
import type { SocialProvider } from "@atelier/contract";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { signInWithPopup } from "../auth-client.ts";

export function SocialButtons(props: { providers: readonly SocialProvider[]; onSignedIn: () => void }) {
  const [busy, setBusy] = useState<string | null>(null);
  if (props.providers.length === 0) return null;

  const start = async (provider: SocialProvider) => {
    setBusy(provider.id);
    const outcome = await signInWithPopup(provider.id);
    setBusy(null);
    if (outcome !== "signed-in") return;
    toast.success("Signed in", { description: `With ${provider.name}.` });
    props.onSignedIn();
  };

  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-muted text-xs uppercase tracking-wider">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      {props.providers.map((provider) => (
        <button
          key={provider.id}
          type="button"
          onClick={() => start(provider)}
          disabled={busy !== null}
          aria-busy={busy === provider.id}
          className="inline-flex w-full items-center justify-center gap-2 rounded-full border border-stone-400 bg-white px-6 py-3 font-semibold text-sm hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <KeyRound aria-hidden className="size-4" />
          Continue with {provider.name}
        </button>
      ))}
    </div>
  );
}
