/**
 * "Notify me": an email field that asks the shop to mail once when a drop launches or a
 * sold-out variant is back. The answer is the same for a new or a known address; a
 * malformed one shows the server's message next to the field.
 */
import type { NotifyAnswer, NotifyInput } from "@atelier/contract";
import { shopApiPaths } from "@atelier/contract/constants";
import { useId, useState } from "react";
import { ApiError, browserCall } from "../../lib/api.ts";

export function NotifyForm({
  target,
  title = "Notify me",
}: {
  target: { dropId: number } | { variantId: number };
  title?: string;
}) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [state, setState] = useState<{ kind: "idle" | "sending" | "done" | "error"; message?: string }>({
    kind: "idle",
  });
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setState({ kind: "sending" });
    try {
      // By path: the product page must not load the contract's zod schemas.
      const body: NotifyInput = {
        email,
        dropId: "dropId" in target ? target.dropId : null,
        variantId: "variantId" in target ? target.variantId : null,
      };
      const answer = await browserCall<NotifyAnswer>("POST", shopApiPaths.collabNotify, { body });
      setState({ kind: "done", message: answer.message });
    } catch (error) {
      const message =
        error instanceof ApiError
          ? error.body?.error.fields?.email
            ? `Email ${error.body.error.fields.email}`
            : error.message
          : "Could not reach the shop. Try again.";
      setState({ kind: "error", message });
    }
  }
  if (state.kind === "done") {
    return (
      <p role="status" className="rounded-lg bg-emerald-50 px-4 py-3 text-emerald-900 text-sm">
        {state.message}
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <label htmlFor={id} className="block font-medium text-sm">
        {title}: your email
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="email"
          required
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={state.kind === "error"}
          aria-describedby={state.kind === "error" ? `${id}-error` : undefined}
          className="min-w-0 flex-1 rounded-lg border border-line px-3 py-2"
        />
        <button
          type="submit"
          disabled={state.kind === "sending"}
          className="rounded-lg bg-ink px-4 py-2 font-medium text-white disabled:opacity-60"
        >
          {state.kind === "sending" ? "Sending…" : "Notify me"}
        </button>
      </div>
      {state.kind === "error" && (
        <p id={`${id}-error`} role="alert" className="text-red-700 text-sm">
          {state.message}
        </p>
      )}
    </form>
  );
}
