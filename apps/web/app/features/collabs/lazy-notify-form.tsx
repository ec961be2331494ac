/**
 * "Notify me", for a sold-out size or an upcoming drop: most product pages never show it,
 * so its code is a chunk of its own, fetched only by a page that renders it (issue 32's
 * budget for the shop's own JavaScript). The server renders it in place as usual.
 */
import { type ComponentProps, lazy, Suspense } from "react";
import type { NotifyForm } from "./notify-form.tsx";

const NotifyFormChunk = lazy(() => import("./notify-form.tsx").then((module) => ({ default: module.NotifyForm })));

export function LazyNotifyForm(props: ComponentProps<typeof NotifyForm>) {
  return (
    <Suspense fallback={null}>
      <NotifyFormChunk {...props} />
    </Suspense>
  );
}
