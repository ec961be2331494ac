/** One entry's before and after, field by field (the log keeps only the fields that changed). */
import type { ActivityEntry } from "@atelier/contract";

/** A stored value as staff read it: text as is, nothing as a dash, the rest as compact JSON. */
export function showValue(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value === "" ? "(empty)" : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
    return value.length === 0 ? "(none)" : value.join(", ");
  }
  return JSON.stringify(value);
}

/** A field's name as words: "compareAtPrice" → "compare at price". */
export function fieldLabel(key: string): string {
  if (key.includes(" ")) return key; // already words ("variant M / Black")
  return key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

export function Changes({ entry, id }: { entry: ActivityEntry; id: string }) {
  const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (keys.length === 0) return <p className="px-4 py-3 text-muted text-sm">No field values were recorded.</p>;
  return (
    <div className="overflow-x-auto px-4 py-3">
      <table id={id} className="w-full text-left text-xs">
        <caption className="sr-only">Changes: {entry.actionLabel}</caption>
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-1 pr-4 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-4 font-medium">
              Before
            </th>
            <th scope="col" className="py-1 font-medium">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key} className="align-top">
              <th scope="row" className="whitespace-nowrap py-1 pr-4 font-medium">
                {fieldLabel(key)}
              </th>
              <td className="py-1 pr-4">
                <span className="break-all rounded bg-red-50 px-1 font-mono text-red-900">
                  {entry.before ? showValue(entry.before[key]) : "—"}
                </span>
              </td>
              <td className="py-1">
                <span className="break-all rounded bg-emerald-50 px-1 font-mono text-emerald-900">
                  {entry.after ? showValue(entry.after[key]) : "—"}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
