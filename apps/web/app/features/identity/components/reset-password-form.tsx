/**
 * Choose a new password with the reset link's token, with the same live checklist as
 * sign-up. A spent or expired token says so and offers a new link.
 */
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { paths } from "../../../lib/paths.ts";
import { resetPassword } from "../auth-client.ts";
import { describeAuthFailure } from "../auth-errors.ts";
import { Field } from "./field.tsx";
import { FormAlert, linkButtonClass, submitClass } from "./form-alert.tsx";
import { NewPasswordField, newPasswordRules, type PasswordRule } from "./password-checklist.tsx";

interface Values {
  password: string;
  confirm: string;
}

/** `takeFocus` when a submit found the token spent (not when the page opens on it). */
export function InvalidResetLink(props: { takeFocus?: boolean }) {
  return (
    <FormAlert tone="error" title="This reset link does not work any more" takeFocus={props.takeFocus}>
      <p>Reset links work once and for one hour. Ask for a new one and use the latest email.</p>
      <Link to={`${paths.login()}?view=forgot`} className={`${linkButtonClass} justify-self-start`}>
        Request a new link
      </Link>
    </FormAlert>
  );
}

export function ResetPasswordForm(props: {
  token: string;
  rules: readonly PasswordRule[];
  storeName: string;
  onDone: () => void;
}) {
  const { register, handleSubmit, watch, getValues, setError, formState } = useForm<Values>({
    defaultValues: { password: "", confirm: "" },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [tokenSpent, setTokenSpent] = useState(false);
  const { errors, isSubmitting } = formState;

  const onSubmit = async (values: Values) => {
    setProblem(null);
    const result = await resetPassword({ newPassword: values.password, token: props.token });
    if (result.ok) return props.onDone();
    const described = describeAuthFailure(result);
    if (described.kind === "invalid-token") return setTokenSpent(true);
    if (described.kind === "password") {
      return setError("password", { message: described.message }, { shouldFocus: true });
    }
    setProblem(described.message);
  };

  if (tokenSpent) return <InvalidResetLink takeFocus />;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Choose a new password">
      {problem && (
        <FormAlert tone="error" takeFocus>
          {problem}
        </FormAlert>
      )}
      <NewPasswordField
        label="New password"
        error={errors.password?.message}
        password={watch("password")}
        storeName={props.storeName}
        rules={props.rules}
        {...register(
          "password",
          newPasswordRules(() => ({ storeName: props.storeName })),
        )}
      />
      <Field
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...register("confirm", {
          validate: (value) => value === getValues("password") || "The two passwords are not the same.",
        })}
      />
      <button type="submit" className={submitClass} disabled={isSubmitting}>
        {isSubmitting ? "Saving…" : "Save the new password"}
      </button>
    </form>
  );
}
