/**
 * A signing secret, shown the one time the server answers it (at creation and at each
 * rotation), with a copy button. Only its first characters are kept for display.
 */
import { Check, Copy, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "../ui/button.tsx";
import { DialogBody, DialogFooter } from "../ui/dialog.tsx";
import { Field, TextInput } from "../ui/fields.tsx";

export const secretShownOnceDescription =
  "This is the only time the signing secret is shown. Store it with the receiving system now.";

export function SecretShownOnce(props: { secret: string; url: string; note?: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(props.secret).then(
      () => {
        setCopied(true);
        toast.success("Copied the signing secret");
      },
      () => toast.error("Could not copy: select the secret and copy it by hand."),
    );
  return (
    <>
      <DialogBody>
        <div className="space-y-4">
          <p className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 text-sm ring-1 ring-amber-200 ring-inset">
            <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>It won't be shown again. If it is lost, rotate the secret to get a new one.</span>
          </p>
          <Field
            id="webhook-secret"
            label={`Signing secret for ${props.url}`}
            hint="The receiver checks each request's webhook-signature header with it (Standard Webhooks)."
          >
            {(control) => (
              <div className="flex gap-2">
                <TextInput
                  {...control}
                  readOnly
                  value={props.secret}
                  className="font-mono text-xs"
                  onFocus={(event) => event.currentTarget.select()}
                  data-testid="webhook-secret"
                />
                <Button onClick={() => void copy()} aria-label="Copy the signing secret">
                  {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
                  {copied ? "Copied" : "Copy"}
                </Button>
              </div>
            )}
          </Field>
          {props.note ? <p className="text-muted text-sm">{props.note}</p> : null}
        </div>
      </DialogBody>
      <DialogFooter>
        <Button variant="primary" onClick={props.onDone}>
          Done
        </Button>
      </DialogFooter>
    </>
  );
}
