/** A labelled checkbox (Radix Checkbox: a real button with role checkbox, Space toggles it). */
import * as RadixCheckbox from "@radix-ui/react-checkbox";
import { Check } from "lucide-react";
import type { ReactNode } from "react";

export function Checkbox(props: {
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-start gap-2.5">
      <RadixCheckbox.Root
        id={props.id}
        checked={props.checked}
        disabled={props.disabled}
        onCheckedChange={(state) => props.onCheckedChange(state === true)}
        aria-describedby={props.hint ? `${props.id}-hint` : undefined}
        className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded border border-stone-400 bg-white data-[state=checked]:border-ink data-[state=checked]:bg-ink disabled:opacity-50"
      >
        <RadixCheckbox.Indicator>
          <Check aria-hidden className="size-3 text-white" strokeWidth={3} />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
      <div className="min-w-0 leading-tight">
        <label htmlFor={props.id} className="font-medium text-sm">
          {props.label}
        </label>
        {props.hint ? (
          <p id={`${props.id}-hint`} className="mt-0.5 text-muted text-xs">
            {props.hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
