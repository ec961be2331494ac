/**
 * Two-step sign-in in the dashboard (issue 37 item 9): anyone may turn it on; staff must
 * when the Owner requires it (the admin sends them here). Turning it on: the password,
 * then the authenticator app's setup key (or its otpauth:// link, which phones open in
 * the app), then the first code; the ten backup codes are shown once, to save. Turning
 * it off asks first and needs the password. Passkeys (passkeys-panel.tsx) sit below.
 */
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { InputField, primaryButton, secondaryButton } from "../../components/form-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { confirmTwoStep, meKey, startTwoStep, turnTwoStepOff, useMe } from "./api.ts";
import { PasskeysPanel } from "./passkeys-panel.tsx";

type Step =
  | { kind: "idle" }
  | { kind: "password" }
  | { kind: "scan"; totpURI: string; backupCodes: string[] }
  | { kind: "codes"; backupCodes: string[] };

const messageOf = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : "The shop could not be reached. Try again.";

/** The setup key from the otpauth:// URI, in groups of four for typing. */
function setupKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

export function TwoStepSection(props: { who: string }) {
  const me = useMe(props.who);
  const client = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const [confirmOff, setConfirmOff] = useState(false);
  const [offPassword, setOffPassword] = useState("");
  const [offError, setOffError] = useState<string>();
  const keyId = useId();
  const enabled = me.data?.twoFactorEnabled === true;
  const required = me.data?.secondFactorRequired === true;

  const run = async (action: () => Promise<void>, onError: (message: string) => void = setError) => {
    setError(undefined);
    setPending(true);
    try {
      await action();
    } catch (failure) {
      onError(messageOf(failure));
    } finally {
      setPending(false);
    }
  };

  const begin = (event: React.FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const started = await startTwoStep(password);
      setPassword("");
      setStep({ kind: "scan", ...started });
    });
  };

  const confirm = (event: React.FormEvent, backupCodes: string[]) => {
    event.preventDefault();
    void run(async () => {
      await confirmTwoStep(code);
      setCode("");
      setStep({ kind: "codes", backupCodes });
      await client.invalidateQueries({ queryKey: meKey(props.who) });
      toast.success("Two-step sign-in is on");
    });
  };

  const turnOff = () =>
    void run(
      async () => {
        await turnTwoStepOff(offPassword);
        setOffPassword("");
        setConfirmOff(false);
        await client.invalidateQueries({ queryKey: meKey(props.who) });
        toast.success("Two-step sign-in is off");
      },
      (message) => setOffError(message),
    );

  return (
    <section
      id="two-step"
      aria-labelledby="two-step-heading"
      className="rounded-xl border border-line bg-white p-4"
      data-testid="two-step"
    >
      <h2 id="two-step-heading" className="mb-1 flex items-center gap-2 font-semibold text-lg">
        <ShieldCheck aria-hidden className="size-5" />
        Two-step sign-in
      </h2>
      <p className="mb-3 text-muted text-sm">
        {enabled
          ? "On: signing in with your password also asks for a code from your authenticator app."
          : "Off: add a code from an authenticator app (such as Google Authenticator, 1Password or Aegis) to your password."}
      </p>
      {required && (
        <p role="alert" className="mb-3 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm">
          {enabled || me.data?.hasPasskey
            ? "The shop requires two-step sign-in for staff: sign out and sign in again with your code or passkey to open the admin."
            : "The shop requires two-step sign-in for staff. Turn it on (or add a passkey), then sign in with it to open the admin."}
        </p>
      )}

      {step.kind === "codes" && (
        <div className="mb-3 grid gap-2 rounded-lg bg-stone-50 p-3" data-testid="backup-codes">
          <p className="font-medium text-sm">Save your backup codes now: they are shown only once.</p>
          <p className="text-muted text-sm">
            Each signs you in once if you lose your phone. Keep them somewhere safe, like a password manager.
          </p>
          <ul className="grid grid-cols-2 gap-1 font-mono text-sm" aria-label="Backup codes">
            {step.backupCodes.map((backup) => (
              <li key={backup}>{backup}</li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={secondaryButton}
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(step.backupCodes.join("\n"))
                  .then(() => toast.success("Backup codes copied"))
                  .catch(() => toast.error("Copy failed: select the codes instead"))
              }
            >
              Copy codes
            </button>
            <button type="button" className={primaryButton} onClick={() => setStep({ kind: "idle" })}>
              I saved them
            </button>
          </div>
        </div>
      )}

      {!enabled && step.kind === "idle" && (
        <button
          type="button"
          className={primaryButton}
          disabled={!me.data}
          onClick={() => {
            setError(undefined);
            setStep({ kind: "password" });
          }}
        >
          Turn on two-step sign-in
        </button>
      )}

      {step.kind === "password" && (
        <form onSubmit={begin} className="grid gap-3" aria-label="Check it is you">
          <InputField
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error}
            required
          />
          <SubmitOrCancel
            label="Continue"
            pending={pending}
            ready={!!password}
            onCancel={() => setStep({ kind: "idle" })}
          />
        </form>
      )}

      {step.kind === "scan" && (
        <form
          onSubmit={(event) => confirm(event, step.backupCodes)}
          className="grid gap-3"
          aria-label="Set up your app"
        >
          <ol className="grid list-decimal gap-2 pl-5 text-sm">
            <li>
              In your authenticator app, add an account with this setup key (time-based), or{" "}
              <a className="font-medium underline" href={step.totpURI}>
                open it in the app
              </a>{" "}
              on this phone.
              <p id={keyId} className="mt-1 break-all rounded bg-stone-100 px-2 py-1 font-mono" data-testid="setup-key">
                {setupKey(step.totpURI)}
              </p>
            </li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <InputField
            label="Code from your app"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
            required
          />
          <SubmitOrCancel label="Turn on" pending={pending} ready={!!code} onCancel={() => setStep({ kind: "idle" })} />
        </form>
      )}

      {enabled && step.kind === "idle" && (
        <AlertDialog.Root
          open={confirmOff}
          onOpenChange={(open) => {
            setConfirmOff(open);
            setOffError(undefined);
          }}
        >
          <AlertDialog.Trigger className={secondaryButton}>Turn off two-step sign-in</AlertDialog.Trigger>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/40" />
            <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-2xl">
              <AlertDialog.Title className="font-semibold text-base">Turn off two-step sign-in?</AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-muted text-sm">
                Your password alone will sign you in again, and your backup codes stop working.
                {required ? " The shop requires it for staff: the admin will close for you." : ""}
              </AlertDialog.Description>
              <div className="mt-4">
                <InputField
                  label="Your password"
                  type="password"
                  autoComplete="current-password"
                  value={offPassword}
                  onChange={(event) => setOffPassword(event.target.value)}
                  error={offError}
                />
              </div>
              <div className="mt-5 flex justify-end gap-2">
                <AlertDialog.Cancel className={secondaryButton}>Cancel</AlertDialog.Cancel>
                <button
                  type="button"
                  className="rounded-lg bg-red-700 px-4 py-2 font-medium text-sm text-white hover:bg-red-800 disabled:opacity-60"
                  disabled={pending || !offPassword}
                  onClick={turnOff}
                >
                  {pending ? "Turning off…" : "Turn off"}
                </button>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      )}
      <PasskeysPanel who={props.who} />
    </section>
  );
}

/** A step's two buttons: submit (while pending, "Checking…") and Cancel. */
function SubmitOrCancel({
  label,
  pending,
  ready,
  onCancel,
}: {
  label: string;
  pending: boolean;
  ready: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="flex gap-2">
      <button type="submit" className={primaryButton} disabled={pending || !ready}>
        {pending ? "Checking…" : label}
      </button>
      <button type="button" className={secondaryButton} onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
