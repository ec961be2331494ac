/**
 * Passkeys in the dashboard (issue 37 item 9): sign in with the device's own check (PIN,
 * fingerprint, face or a security key) instead of a password and code. Adding one runs
 * the browser's WebAuthn dialog; removing one asks first.
 */
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useQueryClient } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { useState } from "react";
import { InputField, primaryButton, secondaryButton } from "../../components/form-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { addPasskey, meKey, type PasskeyRow, passkeysKey, removePasskey, usePasskeys } from "./api.ts";

export function PasskeysPanel(props: { who: string }) {
  const passkeys = usePasskeys(props.who);
  const client = useQueryClient();
  const [name, setName] = useState("");
  const [pending, setPending] = useState(false);
  const [removing, setRemoving] = useState<PasskeyRow | null>(null);

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: passkeysKey(props.who) }),
      client.invalidateQueries({ queryKey: meKey(props.who) }),
    ]);

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    setPending(true);
    try {
      await addPasskey(name.trim() || "Passkey");
      setName("");
      await refresh();
      toast.success("Passkey added");
    } catch (failure) {
      toast.error(
        failure instanceof ApiError
          ? failure.message
          : "No passkey was added: the browser's dialog was closed or failed.",
      );
    } finally {
      setPending(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setPending(true);
    try {
      await removePasskey(removing.id);
      setRemoving(null);
      await refresh();
      toast.success("Passkey removed");
    } catch (failure) {
      toast.error(failure instanceof ApiError ? failure.message : "The shop could not be reached. Try again.");
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="mt-4 grid gap-3 border-line border-t pt-4" data-testid="passkeys">
      <h3 className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden className="size-4" />
        Passkeys
      </h3>
      <p className="text-muted text-sm">
        Sign in with this device's screen lock or a security key instead of a password and code.
      </p>
      {passkeys.data && passkeys.data.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label="Your passkeys">
          {passkeys.data.map((row) => (
            <li key={row.id} className="flex items-center justify-between gap-2 rounded-lg bg-stone-50 px-3 py-2">
              <span>{row.name || "Passkey"}</span>
              <button
                type="button"
                className="font-medium text-red-800 text-sm underline-offset-2 hover:underline"
                onClick={() => setRemoving(row)}
              >
                Remove<span className="sr-only"> {row.name || "passkey"}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={add} className="grid gap-2" aria-label="Add a passkey">
        <InputField
          label="Passkey name"
          hint="So you can tell your devices apart, e.g. Work laptop."
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={60}
        />
        <div>
          <button type="submit" className={primaryButton} disabled={pending}>
            {pending ? "Waiting for your device…" : "Add a passkey"}
          </button>
        </div>
      </form>
      <AlertDialog.Root open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/40" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-5 shadow-2xl">
            <AlertDialog.Title className="font-semibold text-base">Remove this passkey?</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-muted text-sm">
              {removing?.name || "This passkey"} will no longer sign you in.
            </AlertDialog.Description>
            <div className="mt-5 flex justify-end gap-2">
              <AlertDialog.Cancel className={secondaryButton}>Cancel</AlertDialog.Cancel>
              <button
                type="button"
                className="rounded-lg bg-red-700 px-4 py-2 font-medium text-sm text-white hover:bg-red-800 disabled:opacity-60"
                disabled={pending}
                onClick={() => void remove()}
              >
                Remove
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
