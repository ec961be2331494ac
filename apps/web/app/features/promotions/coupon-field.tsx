/**
 * The coupon box of the cart and checkout: type a code, Apply (or Enter), see the shop's
 * answer, Remove. The parent asks the server (the quote) and passes its answer back in;
 * nothing here decides whether a code is good.
 */
import { useId, useState } from "react";

export interface CouponAnswer {
  code: string;
  valid: boolean;
  message: string;
}

export function CouponField(props: {
  applied: string | null;
  answer: CouponAnswer | null;
  pending: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const answer = props.answer && props.applied && props.answer.code === props.applied ? props.answer : null;
  const apply = () => {
    const code = text.trim().toUpperCase();
    if (code) props.onApply(code);
  };
  return (
    <div className="grid gap-2" data-testid="coupon-field">
      {props.applied ? (
        <div className="flex items-center justify-between gap-2 rounded-lg border border-stone-300 bg-stone-50 px-3 py-2">
          <p className="min-w-0 text-sm">
            <span className="font-mono font-semibold">{props.applied}</span>
            {props.pending && !answer ? <span className="ml-2 text-muted">Checking…</span> : null}
          </p>
          <button
            type="button"
            className="rounded-md px-2 py-1 font-medium text-sm underline underline-offset-4 hover:bg-stone-200"
            onClick={() => {
              setText("");
              props.onRemove();
            }}
            aria-label={`Remove coupon ${props.applied}`}
          >
            Remove
          </button>
        </div>
      ) : (
        <div className="flex items-end gap-2">
          <div className="grid flex-1 gap-1.5">
            <label htmlFor={`${id}-code`} className="font-medium text-sm">
              Coupon code
            </label>
            <input
              id={`${id}-code`}
              className="h-11 w-full rounded-lg border border-stone-400 bg-white px-3 uppercase placeholder:normal-case"
              value={text}
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              placeholder="Enter a code"
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  apply();
                }
              }}
            />
          </div>
          <button
            type="button"
            className="h-11 rounded-lg border border-ink px-4 font-medium disabled:opacity-50"
            disabled={text.trim() === ""}
            onClick={apply}
          >
            Apply
          </button>
        </div>
      )}
      <p
        role="status"
        className={`text-sm ${answer ? (answer.valid ? "text-green-800" : "text-red-700") : "sr-only"}`}
        data-testid="coupon-message"
      >
        {answer?.message ?? ""}
      </p>
    </div>
  );
}
