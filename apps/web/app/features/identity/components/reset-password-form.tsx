/**
 * Choose a new password with the reset link's token, with the same live checklist as
 * sign-up. A spent or expired token says so and offers a new link.
 */
import { passwordProblemMessage, passwordProblems } from "@atelier/contract/constants";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { paths } from "../../../lib/paths.ts";
import { resetPassword } from "../auth-client.ts";
import { describeAuthFailure } from "../auth-errors.ts";
import { Field } from "./field.tsx";
import { FormAlert, linkButtonClass, submitClass } from "./form-alert.tsx";
import { PasswordChecklist, type PasswordRule } from "./password-checklist.tsx";

interface Values {
  password: string;
  confirm: string;
}

export function InvalidResetLink() {
  return (
    <FormAlert tone="error" title="This reset link does not work any more">
      <p>Reset links work once and for one hour. Ask for a new one and use the latest email.</p>
      <Link to={`${paths.login()}?view=forgot`} className={`${linkButtonClass} justify-self-start`}>
        Request a new link
      </Link>
    </FormAlert>
  );
}

export function ResetPasswordForm(props: { token: string; rules: readonly PasswordRule[]; onDone: () => void }) {
  const checklistId = useId();
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
    if (described.kind === "password") return setError("password", { message: described.message });
    setProblem(described.message);
  };

  if (tokenSpent) return <InvalidResetLink />;
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Choose a new password">
      {problem && <FormAlert tone="error">{problem}</FormAlert>}
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        describedBy={checklistId}
        {...register("password", {
          validate: (value) => passwordProblemMessage(passwordProblems(value)) ?? true,
        })}
      />
      <PasswordChecklist id={checklistId} password={watch("password")} rules={props.rules} />
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
