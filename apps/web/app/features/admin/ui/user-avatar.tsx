/** A person's initials in a circle: enough to tell rows apart at a glance. */
export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "");
  return letters.join("") || "?";
}

export function UserAvatar({ name, size = "sm" }: { name: string; size?: "sm" | "lg" }) {
  return (
    <span
      aria-hidden
      className={`flex shrink-0 items-center justify-center rounded-full bg-stone-200 font-semibold text-stone-700 ${size === "lg" ? "size-12 text-base" : "size-8 text-xs"}`}
    >
      {initials(name)}
    </span>
  );
}
