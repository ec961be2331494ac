/**
 * Where focus goes when an admin dialog closes: back to the control that opened it, or,
 * when that control is gone (its row was deleted, the menu that held it closed), to the
 * page's main content instead of the top of the document (WCAG 2.4.3, focus order).
 */
import { useRef } from "react";

/** The id of the admin's <main>, which takes focus when nothing better is left. */
export const ADMIN_MAIN_ID = "admin-main";

/**
 * Handlers for a Radix dialog's Content: remember the opener on open, go back to it on close.
 * `returnTo` names the opener when it is not the focused element, e.g. the trigger of a menu
 * whose item opened the dialog.
 */
export function useReturnFocus(returnTo?: () => HTMLElement | null | undefined) {
  const opener = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = returnTo?.() ?? document.activeElement;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      const target = opener.current;
      if (target instanceof HTMLElement && target.isConnected && target !== document.body) target.focus();
      else document.getElementById(ADMIN_MAIN_ID)?.focus();
    },
  };
}
