/**
 * False during server rendering and hydration, true after. Forms that would otherwise
 * submit natively (putting a password in the URL) stay disabled until then.
 */
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
