/** A person's initials in a circle: enough to tell rows apart at a glance. */
function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? "");
  return letters.join("") || "?";
}

const tones = { light: "bg-stone-200 text-stone-700", dark: "bg-ink text-white" } as const;

export function UserAvatar({
  name,
  size = "sm",
  tone = "light",
}: {
  name: string;
  size?: "sm" | "lg";
  tone?: keyof typeof tones;
}) {
  return (
    <span
      aria-hidden
      className={`flex shrink-0 items-center justify-center rounded-full font-semibold ${tones[tone]} ${size === "lg" ? "size-12 text-base" : "size-8 text-xs"}`}
    >
      {initials(name)}
    </span>
  );
}
