/** Waiting for a pause in typing, so a search box does not send a request per key. */
import { useEffect, useRef, useState } from "react";

/** The spec's search debounce (section 9), used for every admin search box too. */
export const SEARCH_DEBOUNCE_MS = 300;

export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** A function that runs `callback` once calls have stopped for `delay` ms (with the last arguments). */
export function useDebouncedCallback<A extends unknown[]>(callback: (...args: A) => void, delay = SEARCH_DEBOUNCE_MS) {
  const latest = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return (...args: A) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(...args), delay);
  };
}
