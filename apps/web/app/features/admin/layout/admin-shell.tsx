/**
 * The admin layout (spec section 2): the sidebar and the content area, whose left margin
 * follows the sidebar (16rem open, 2.5rem collapsed). Below 900px the menu starts collapsed
 * so the page keeps its width. Only rendered in the browser, once the gate said "admin".
 */
import * as Tooltip from "@radix-ui/react-tooltip";
import { type ReactNode, useState } from "react";
import { Toaster } from "sonner";
import { CommandPalette, useCommandPalette } from "../command-palette/command-palette.tsx";
import { ADMIN_MAIN_ID } from "../ui/return-focus.ts";
import { Sidebar, sidebarWidth } from "./sidebar.tsx";

/** The spec's md breakpoint (900px): narrower screens start with the menu collapsed. */
const wideScreen = "(min-width: 56.25rem)";

function startsOpen(): boolean {
  return typeof window === "undefined" || window.matchMedia(wideScreen).matches;
}

export function AdminShell({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(startsOpen);
  const palette = useCommandPalette();
  return (
    <Tooltip.Provider delayDuration={300}>
      <a
        href={`#${ADMIN_MAIN_ID}`}
        className="sr-only z-50 rounded bg-ink px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Sidebar open={open} onOpenChange={setOpen} onOpenPalette={() => palette.setOpen(true)} />
      <CommandPalette open={palette.open} onOpenChange={palette.setOpen} />
      <main
        id={ADMIN_MAIN_ID}
        tabIndex={-1}
        data-testid="admin-content"
        style={{ marginLeft: open ? sidebarWidth.open : sidebarWidth.closed }}
        className="min-h-dvh min-w-0 outline-none print:ml-0! motion-safe:transition-[margin] motion-safe:duration-200"
      >
        <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">{children}</div>
      </main>
      <Toaster position="bottom-right" closeButton richColors />
    </Tooltip.Provider>
  );
}
