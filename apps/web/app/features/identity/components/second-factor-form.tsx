/**
 * The second step of a sign-in with two-step sign-in on (issue 37 item 9): the 6-digit
 * code from the person's authenticator app, or one of their backup codes (each works
 * once). The password step left a short-lived challenge cookie; a code without it fails.
 */
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { verifySecondFactor } from "../auth-client.ts";
import { describeAuthFailure } from "../auth-errors.ts";
import { Field } from "./field.tsx";
import { FormAlert, linkButtonClass, submitClass } from "./form-alert.tsx";

interface Values {
  code: string;
}

export function SecondFactorForm(props: { onSignedIn: () => void; onCancel: () => void }) {
  const [kind, setKind] = useState<"totp" | "backup">("totp");
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({ defaultValues: { code: "" } });
  const [problem, setProblem] = useState<string | null>(null);
  const { errors, isSubmitting } = formState;

  const onSubmit = async (values: Values) => {
    setProblem(null);
    const result = await verifySecondFactor({ code: values.code, kind });
    if (result.ok) {
      toast.success("Signed in");
      return props.onSignedIn();
    }
    const described = describeAuthFailure(result);
    if (described.kind === "code") return setError("code", { message: described.message }, { shouldFocus: true });
    setProblem(described.message);
  };

  const switchKind = () => {
    setKind((current) => (current === "totp" ? "backup" : "totp"));
    setProblem(null);
    reset({ code: "" });
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Two-step sign-in">
      <div className="grid gap-1">
        <h2 className="font-semibold text-lg">Two-step sign-in</h2>
        <p className="text-muted text-sm">
          {kind === "totp"
            ? "Open your authenticator app and enter the 6-digit code it shows for this shop."
            : "Enter one of the backup codes you saved when you turned two-step sign-in on. Each works once."}
        </p>
      </div>
      {problem && (
        <FormAlert tone="error" takeFocus>
          {problem}
        </FormAlert>
      )}
      <Field
        key={kind}
        label={kind === "totp" ? "Code from your app" : "Backup code"}
        autoComplete="one-time-code"
        inputMode={kind === "totp" ? "numeric" : "text"}
        autoFocus
        error={errors.code?.message}
        {...register("code", {
          validate: (value) =>
            kind === "totp"
              ? /^\d{6}$/.test(value.replace(/\s+/g, "")) || "Enter the 6 digits your app shows."
              : value.trim().length >= 6 || "Enter a backup code.",
        })}
      />
      <button type="submit" className={submitClass} disabled={isSubmitting}>
        {isSubmitting ? "Checking…" : "Verify and sign in"}
      </button>
      <div className="flex flex-wrap justify-between gap-2">
        <button type="button" className={linkButtonClass} onClick={switchKind}>
          {kind === "totp" ? "Use a backup code instead" : "Use the code from my app"}
        </button>
        <button type="button" className={linkButtonClass} onClick={props.onCancel}>
          Start again
        </button>
      </div>
    </form>
  );
}
