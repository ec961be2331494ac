/**
 * `react` for the shop's builds: Preact's compat layer (ADR 0019), plus the one React 19
 * hook React Router calls that the layer lacks. Vite aliases the bare `react` import here;
 * everything else (`react-dom`, `react-dom/client`, `react-dom/server`, the JSX runtime)
 * goes straight to `preact/compat`'s own entries.
 */
import { options } from "preact";
import { useCallback, useState } from "preact/compat";

// @ts-expect-error preact/compat's types are declared with `export =`; the module itself has named exports.
export * from "preact/compat";
export { default } from "preact/compat";

/**
 * React Router's `RouterProvider` keeps its state through `useOptimistic` and sets the
 * optimistic value only inside transitions, which it uses when `useTransitions` is on
 * (it is off in this shop). Without a transition the optimistic value is the passed-through
 * state; a value set by hand lasts until that state changes, as React's does once its
 * transition ends.
 */
export function useOptimistic<S, A = S>(
  passthrough: S,
  reducer?: (state: S, action: A) => S,
): [S, (action: A) => void] {
  const [optimistic, setOptimistic] = useState<{ base: S; value: S } | null>(null);
  const add = useCallback(
    (action: A) =>
      setOptimistic((current) => {
        const base = current?.value ?? passthrough;
        return { base: passthrough, value: reducer ? reducer(base, action) : (action as unknown as S) };
      }),
    [passthrough, reducer],
  );
  return [optimistic && optimistic.base === passthrough ? optimistic.value : passthrough, add];
}

/**
 * Props React reads and never writes to the DOM, which Preact would print as attributes:
 * `suppressHydrationWarning`, and the empty `nonce` React Router passes to a cached page's
 * scripts (their CSP names them by hash, ADR 0015).
 */
const nextVNodeHook = options.vnode;
options.vnode = (vnode) => {
  if (typeof vnode.type === "string" && vnode.props) {
    const props = vnode.props as Record<string, unknown>;
    if ("suppressHydrationWarning" in props) delete props.suppressHydrationWarning;
    if (props.nonce === "") delete props.nonce;
  }
  nextVNodeHook?.(vnode);
};
