/** The period of the insights: 7, 30, 90 or 365 days, as one group of toggle buttons. */
export const periods = [7, 30, 90, 365] as const;
export type Period = (typeof periods)[number];

export function periodFrom(value: string | null): Period {
  return periods.find((period) => String(period) === value) ?? 30;
}

const labels: Record<Period, string> = { 7: "7 days", 30: "30 days", 90: "90 days", 365: "12 months" };

/** `value` is null when the page shows a range of its own (no preset pressed). */
export function PeriodPicker({ value, onChange }: { value: Period | null; onChange: (period: Period) => void }) {
  return (
    <fieldset className="inline-flex rounded-lg border border-line bg-white p-0.5 shadow-xs">
      <legend className="sr-only">Period</legend>
      {periods.map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={value === period}
          onClick={() => onChange(period)}
          className="rounded-md px-3 py-1.5 font-medium text-muted text-xs hover:text-ink aria-pressed:bg-ink aria-pressed:text-white"
        >
          {labels[period]}
        </button>
      ))}
    </fieldset>
  );
}
