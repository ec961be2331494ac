/** One titled part of the product form: a named region, so screen readers can jump between them. */
import type { ReactNode } from "react";
import { Card, CardHeader } from "../../ui/card.tsx";

export function FormSection(props: { id: string; title: string; description?: string; children: ReactNode }) {
  const titleId = `${props.id}-heading`;
  return (
    <Card labelledBy={titleId}>
      <CardHeader id={titleId} title={props.title} {...(props.description ? { description: props.description } : {})} />
      <div className="space-y-4 p-4">{props.children}</div>
    </Card>
  );
}

/**
 * "Name must have at least 2 characters": the field's label before the schema's message.
 * A message that is already an instruction ("choose a category") stands alone, capitalised.
 */
export const labelled = (label: string, message: string | undefined) => {
  if (!message) return undefined;
  return message.startsWith("choose ") ? `C${message.slice(1)}` : `${label} ${message}`;
};
