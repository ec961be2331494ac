/**
 * Create an account: name, email and a password checked live against the policy. When
 * the shop wants the email confirmed first, the answer carries no session and the form
 * says to check the inbox instead.
 */
import { accountLimits } from "@atelier/contract/constants";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { signUp } from "../auth-client.ts";
import { type AuthProblem, describeAuthFailure } from "../auth-errors.ts";
import { AuthProblemAlert } from "./auth-problem.tsx";
import { EmailField, emailRules, Field } from "./field.tsx";
import { FormAlert, submitClass } from "./form-alert.tsx";
import { NewPasswordField, newPasswordRules, type PasswordRule } from "./password-checklist.tsx";

const NAME_MAX_LENGTH = accountLimits.nameMaxLength;

interface Values {
  name: string;
  email: string;
  password: string;
}

export function SignUpForm(props: {
  rules: readonly PasswordRule[];
  storeName: string;
  confirmsEmail: boolean;
  onSignedIn: () => void;
  onForgot: (email: string) => void;
}) {
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
      if (described.kind === "password") {
        return setError("password", { message: described.message }, { shouldFocus: true });
      }
      return setProblem(described);
    }
    if (!result.signedIn) {
      setAwaitingEmail(values.email.trim());
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
      <FormAlert tone="success" title="Check your email" takeFocus>
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
          validate: (value) => value.trim() !== "" || "Enter your name.",
          maxLength: { value: NAME_MAX_LENGTH, message: `The name can have at most ${NAME_MAX_LENGTH} characters.` },
        })}
      />
      <EmailField error={errors.email?.message} {...register("email", emailRules)} />
      <NewPasswordField
        label="Password"
        error={errors.password?.message}
        password={watch("password")}
        email={watch("email")}
        personName={watch("name")}
        storeName={props.storeName}
        rules={props.rules}
        {...register(
          "password",
          newPasswordRules(() => ({ email: getValues("email"), name: getValues("name"), storeName: props.storeName })),
        )}
      />
      <button type="submit" className={submitClass} disabled={isSubmitting}>
        {isSubmitting ? "Creating your account…" : "Create account"}
      </button>
    </form>
  );
}
