/** Sign in with email and password (react-hook-form; the server has the last word). */

import { KeyRound } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { signInWithEmail, signInWithPasskey } from "../auth-client.ts";
import { type AuthProblem, describeAuthFailure } from "../auth-errors.ts";
import { AuthProblemAlert } from "./auth-problem.tsx";
import { EmailField, emailRules, Field } from "./field.tsx";
import { linkButtonClass, submitClass } from "./form-alert.tsx";
import { SecondFactorForm } from "./second-factor-form.tsx";

interface Values {
  email: string;
  password: string;
}

export function SignInForm(props: { onSignedIn: () => void; onForgot: (email: string) => void }) {
  const { register, handleSubmit, getValues, formState } = useForm<Values>({
    defaultValues: { email: "", password: "" },
  });
  const [problem, setProblem] = useState<AuthProblem | null>(null);
  const [codeStep, setCodeStep] = useState(false);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const { errors, isSubmitting } = formState;

  const withPasskey = async () => {
    setProblem(null);
    setPasskeyPending(true);
    const result = await signInWithPasskey();
    setPasskeyPending(false);
    if (result.ok) {
      toast.success("Signed in");
      return props.onSignedIn();
    }
    if ("cancelled" in result) return;
    setProblem(describeAuthFailure(result));
  };

  const onSubmit = async (values: Values) => {
    setProblem(null);
    const result = await signInWithEmail(values);
    if (!result.ok) return setProblem(describeAuthFailure(result));
    if (result.secondFactor) return setCodeStep(true);
    toast.success("Signed in");
    props.onSignedIn();
  };

  if (codeStep) return <SecondFactorForm onSignedIn={props.onSignedIn} onCancel={() => setCodeStep(false)} />;

  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Sign in">
        {problem && (
          <AuthProblemAlert
            problem={problem}
            email={getValues("email")}
            onForgot={() => props.onForgot(getValues("email"))}
          />
        )}
        <EmailField error={errors.email?.message} {...register("email", emailRules)} />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          aside={
            <button type="button" className={linkButtonClass} onClick={() => props.onForgot(getValues("email"))}>
              Forgot password?
            </button>
          }
          {...register("password", { required: "Enter your password." })}
        />
        <button type="submit" className={submitClass} disabled={isSubmitting}>
          {isSubmitting ? "Signing in…" : "Sign in"}
        </button>
      </form>
      <button
        type="button"
        className="inline-flex w-full items-center justify-center gap-2 rounded-full border border-stone-400 bg-white px-6 py-3 font-semibold text-sm hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-60"
        disabled={passkeyPending}
        onClick={() => void withPasskey()}
      >
        <KeyRound aria-hidden className="size-4" />
        {passkeyPending ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </button>
    </div>
  );
}
