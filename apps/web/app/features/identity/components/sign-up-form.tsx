/**
 * Create an account: name, email and a password checked live against the policy. When
 * the shop wants the email confirmed first, the answer carries no session and the form
 * says to check the inbox instead.
 */
import { passwordProblemMessage, passwordProblems } from "@atelier/contract/constants";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { signUp } from "../auth-client.ts";
import { type AuthProblem, describeAuthFailure } from "../auth-errors.ts";
import { AuthProblemAlert } from "./auth-problem.tsx";
import { Field } from "./field.tsx";
import { FormAlert, submitClass } from "./form-alert.tsx";
import { PasswordChecklist, type PasswordRule } from "./password-checklist.tsx";
import { emailRules } from "./sign-in-form.tsx";

interface Values {
  name: string;
  email: string;
  password: string;
}

export function SignUpForm(props: {
  rules: readonly PasswordRule[];
  confirmsEmail: boolean;
  onSignedIn: () => void;
  onForgot: (email: string) => void;
}) {
  const checklistId = useId();
  const { register, handleSubmit, watch, getValues, setError, formState } = useForm<Values>({
    defaultValues: { name: "", email: "", password: "" },
  });
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const [awaitingEmail, setAwaitingEmail] = useState<string | null>(null);
  const { errors, isSubmitting } = formState;

  const onSubmit = async (values: Values) => {
    setProblem(null);
    const result = await signUp(values);
    if (!result.ok) {
      const described = describeAuthFailure(result);
      if (described.kind === "password") return setError("password", { message: described.message });
      return setProblem(described);
    }
    if (!result.signedIn) {
      setAwaitingEmail(values.email);
      toast.success("Check your email", { description: "Open the link we sent you, then sign in." });
      return;
    }
    toast.success("Account created", {
      description: props.confirmsEmail ? "We emailed you a link to confirm your address." : undefined,
    });
    props.onSignedIn();
  };

  if (awaitingEmail) {
    return (
      <FormAlert tone="success" title="Check your email">
        <p>We sent a confirmation link to {awaitingEmail}. Open it, then sign in.</p>
      </FormAlert>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Create account">
      {problem && (
        <AuthProblemAlert
          problem={problem}
          email={getValues("email")}
          onForgot={() => props.onForgot(getValues("email"))}
        />
      )}
      <Field
        label="Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register("name", {
          required: "Enter your name.",
          validate: (value) => value.trim() !== "" || "Enter your name.",
          maxLength: { value: 100, message: "Keep the name under 100 characters." },
        })}
      />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register("email", emailRules)}
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        describedBy={checklistId}
        {...register("password", {
          validate: (value) => passwordProblemMessage(passwordProblems(value, { email: getValues("email") })) ?? true,
        })}
      />
      <PasswordChecklist id={checklistId} password={watch("password")} email={watch("email")} rules={props.rules} />
      <button type="submit" className={submitClass} disabled={isSubmitting}>
        {isSubmitting ? "Creating your account…" : "Create account"}
      </button>
    </form>
  );
}
