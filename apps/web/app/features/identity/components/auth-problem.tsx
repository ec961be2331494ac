/**
 * Why a sign-in or sign-up did not work, with what the person can do next: reset the
 * password when locked out, or have the confirmation link sent again when the email is
 * unverified. It answers a submit, so it takes the focus.
 */
import { useState } from "react";
import { toast } from "sonner";
import { sendVerificationEmail } from "../auth-client.ts";
import type { AuthProblem } from "../auth-errors.ts";
import { describeAuthFailure } from "../auth-errors.ts";
import { FormAlert, linkButtonClass } from "./form-alert.tsx";

export function AuthProblemAlert(props: { problem: AuthProblem; email: string; onForgot: () => void }) {
  const { problem } = props;
  if (problem.kind === "locked") {
    const minutes = problem.minutes;
    return (
      <FormAlert
        tone="error"
        takeFocus
        title={minutes ? `Account locked for ${minutes} minute${minutes === 1 ? "" : "s"}` : "Account locked"}
      >
        <p>{problem.message}</p>
        <button type="button" className={`${linkButtonClass} justify-self-start`} onClick={props.onForgot}>
          Reset your password
        </button>
      </FormAlert>
    );
  }
  if (problem.kind === "unverified") {
    return (
      <FormAlert tone="error" takeFocus title="Email not confirmed">
        <p>{problem.message}</p>
        <ResendVerification email={props.email} />
      </FormAlert>
    );
  }
  return (
    <FormAlert tone="error" takeFocus>
      {problem.message}
    </FormAlert>
  );
}

function ResendVerification({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    const result = await sendVerificationEmail(email);
    setSending(false);
    if (result.ok) toast.success("Check your email", { description: `We sent a new confirmation link to ${email}.` });
    else toast.error(describeAuthFailure(result).message);
  };
  return (
    <button type="button" className={`${linkButtonClass} justify-self-start`} onClick={resend} disabled={sending}>
      {sending ? "Sending…" : "Send the link again"}
    </button>
  );
}
