/** The submit row of a taxonomy form: one primary button that says what it does and when it is busy. */
import { Button } from "../ui/button.tsx";

export function SubmitRow(props: { pending: boolean; label: string }) {
  return (
    <div className="flex justify-end pt-2">
      <Button type="submit" variant="primary" disabled={props.pending}>
        {props.pending ? "Saving…" : props.label}
      </Button>
    </div>
  );
}
