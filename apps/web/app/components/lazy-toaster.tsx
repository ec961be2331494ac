/**
 * Sonner's `<Toaster>`, loaded after the page is interactive (or on the first toast,
 * whichever comes first) so its code and styles stay out of the first page load.
 */
import { lazy, Suspense, useEffect, useState } from "react";
import type { ToasterProps } from "sonner";
import { loadSonner, onSonnerRequested } from "../lib/toast.ts";

const Toaster = lazy(() => loadSonner().then((module) => ({ default: module.Toaster })));

export function LazyToaster(props: ToasterProps) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const mount = () => setWanted(true);
    // After hydration, when the browser has nothing better to do; at once for an early toast.
    const idle =
      typeof window.requestIdleCallback === "function"
        ? window.requestIdleCallback(mount, { timeout: 3_000 })
        : window.setTimeout(mount, 1_000);
    const stopListening = onSonnerRequested(mount);
    return () => {
      stopListening();
      if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
