/**
 * Change password: the current one, then a new one with the same strength meter and
 * checklist as sign-up (ADR 0022); the new session token is kept.
 */
import { passwordRules } from "@atelier/contract/constants";
import { useId, useState } from "react";
import { InputField, primaryButton } from "../../components/form-field.tsx";
import { ApiError } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { useRootData } from "../../root.tsx";
import {
  newPasswordRules,
  PasswordChecklist,
  StrengthMeter,
  usePasswordStrength,
} from "../identity/components/password-checklist.tsx";
import { changePassword } from "./api.ts";

export function PasswordSection(props: { email: string; name: string }) {
  const { settings } = useRootData();
  const context = { email: props.email, name: props.name, storeName: settings.name };
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);
  const checklistId = useId();
  const strength = usePasswordStrength(next, context);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setPending(true);
    try {
      const problem = await newPasswordRules(() => context).validate(next);
      if (problem !== true) {
        setError(problem);
        return;
      }
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
        <StrengthMeter strength={strength} password={next} />
        <PasswordChecklist
          id={checklistId}
          password={next}
          email={props.email}
          score={strength?.score}
          rules={passwordRules}
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
