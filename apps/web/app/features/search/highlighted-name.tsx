/** A product name with the searched words marked (<mark>), for the results page. */
import { highlightParts } from "./highlight.ts";

export function HighlightedName({ name, terms }: { name: string; terms: readonly string[] }) {
  return (
    <>
      {highlightParts(name, terms).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name never reorder
          <mark key={index} className="rounded-sm bg-amber-100 px-0.5 text-inherit">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one name never reorder
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}
