/** An upload's progress bar (a real <progress>, so assistive technology reads it). */
export function UploadProgress({ value, label }: { value: number; label: string }) {
  const percent = Math.round(value * 100);
  return (
    <div className="flex items-center gap-2">
      <progress
        value={percent}
        max={100}
        aria-label={label}
        className="h-2 w-full overflow-hidden rounded-full bg-stone-200 [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-ink"
      />
      <span className="w-10 text-right text-muted text-xs tabular-nums">{percent}%</span>
    </div>
  );
}
