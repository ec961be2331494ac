/**
 * Ask for a password-reset link. The answer is the same whether or not the address has
 * an account, so the page never tells a stranger who shops here.
 */
import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { requestPasswordReset } from "../auth-client.ts";
import { describeAuthFailure } from "../auth-errors.ts";
import { EmailField, emailRules } from "./field.tsx";
import { FormAlert, linkButtonClass, submitClass } from "./form-alert.tsx";

export function ForgotPasswordForm(props: { defaultEmail: string; onBack: () => void }) {
  const { register, handleSubmit, setFocus, formState } = useForm<{ email: string }>({
    defaultValues: { email: props.defaultEmail },
  });
  // This form replaces the one whose button opened it, so the focus would fall to the page.
  useEffect(() => setFocus("email"), [setFocus]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { errors, isSubmitting } = formState;

  const onSubmit = async ({ email }: { email: string }) => {
    setProblem(null);
    const result = await requestPasswordReset(email);
    if (!result.ok) return setProblem(describeAuthFailure(result).message);
    setSentTo(email.trim());
    toast.success("Check your email", { description: "The link to choose a new password is on its way." });
  };

  return (
    <div className="grid gap-4">
      <p className="text-muted text-sm">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      {sentTo ? (
        <FormAlert tone="success" title="Check your email" takeFocus>
          <p>If {sentTo} has an account here, a link to reset its password is on its way. It works for one hour.</p>
        </FormAlert>
      ) : (
        <form noValidate onSubmit={handleSubmit(onSubmit)} className="grid gap-4" aria-label="Reset password">
          {problem && (
            <FormAlert tone="error" takeFocus>
              {problem}
            </FormAlert>
          )}
          <EmailField error={errors.email?.message} {...register("email", emailRules)} />
          <button type="submit" className={submitClass} disabled={isSubmitting}>
            {isSubmitting ? "Sending…" : "Send reset link"}
          </button>
        </form>
      )}
      <button
        type="button"
        className={`${linkButtonClass} inline-flex items-center gap-1 justify-self-start`}
        onClick={props.onBack}
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to sign in
      </button>
    </div>
  );
}
