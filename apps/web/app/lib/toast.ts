/**
 * `toast` without sonner in the first page load: the same calls as sonner's `toast`
 * (message, success, info, warning, error), which load sonner on first use and then
 * show the toast. Sonner (since 2.0.8) replays toasts made before its `<Toaster>`
 * subscribes, so a toast raised while the lazily mounted Toaster (components/lazy-toaster.tsx)
 * is still loading is shown, not lost (cart.spec holds sonner's chunk back to check it).
 * Storefront code imports this; the admin, loaded on its own, uses sonner directly.
 */
import type { ExternalToast } from "sonner";

type Sonner = typeof import("sonner");
type Message = Parameters<Sonner["toast"]["success"]>[0];

let sonner: Promise<Sonner> | undefined;
const requested = new Set<() => void>();

/** Sonner's module, loaded once (also by the Toaster). */
export function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import("sonner");
    for (const listener of requested) listener();
  }
  return sonner;
}

/** Calls `listener` when sonner starts loading (e.g. the first toast), so the Toaster mounts then. */
export function onSonnerRequested(listener: () => void): () => void {
  if (sonner) listener();
  requested.add(listener);
  return () => requested.delete(listener);
}

function later(show: (toast: Sonner["toast"]) => void): void {
  loadSonner().then(
    (module) => show(module.toast),
    (error: unknown) => console.error("Could not load the notifications", error),
  );
}

type Kind = "success" | "info" | "warning" | "error" | "message";
const kind = (name: Kind) => (message: Message, data?: ExternalToast) => later((toast) => toast[name](message, data));

export const toast = Object.assign((message: Message, data?: ExternalToast) => later((toast) => toast(message, data)), {
  success: kind("success"),
  info: kind("info"),
  warning: kind("warning"),
  error: kind("error"),
  message: kind("message"),
});
