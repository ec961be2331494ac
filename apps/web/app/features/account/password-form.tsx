/** Change password: the current one, then a new one; the new session token is kept. */
import { useState } from "react";
import { InputField, primaryButton } from "../../components/form-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { changePassword } from "./api.ts";

export function PasswordSection() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setPending(true);
    try {
      await changePassword({ currentPassword: current, newPassword: next });
      setCurrent("");
      setNext("");
      toast.success("Password changed. Other devices are signed out.");
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : "The shop could not be reached. Try again.");
    } finally {
      setPending(false);
    }
  };
  return (
    <section aria-labelledby="password-heading" className="rounded-xl border border-line bg-white p-4">
      <h2 id="password-heading" className="mb-3 font-semibold text-lg">
        Change password
      </h2>
      <form onSubmit={submit} className="grid gap-3">
        <InputField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          required
        />
        <InputField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
          error={error}
          required
        />
        <div>
          <button type="submit" className={primaryButton} disabled={pending || !current || !next}>
            {pending ? "Changing…" : "Change password"}
          </button>
        </div>
      </form>
    </section>
  );
}
