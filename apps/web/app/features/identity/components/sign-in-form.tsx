/** Sign in with email and password (react-hook-form; the server has the last word). */
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { signInWithEmail } from "../auth-client.ts";
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
  const { errors, isSubmitting } = formState;

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
  );
}
