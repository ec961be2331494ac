/** The round icon buttons of the top bar, shared with the lazily loaded overflow menu. */
export const iconButton =
  "inline-flex size-10 items-center justify-center rounded-full text-ink hover:bg-stone-100 focus-visible:bg-stone-100";
