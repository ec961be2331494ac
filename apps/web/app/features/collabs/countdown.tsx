/**
 * A drop's countdown: days, hours, minutes and seconds to the launch, ticking once a
 * second in the browser; the server renders the launch time itself (no clock mismatch in
 * hydration). `onLaunch` runs once when it reaches zero.
 */
import { useEffect, useRef, useState } from "react";

/**
 * Whether the launch has passed: first what the server said when it rendered the page
 * (so the server's HTML and the hydrated page agree, and a launched drop is on sale in the
 * HTML itself), then the browser's clock.
 */
export function useLaunched(launchAt: string, launchedWhenRendered: boolean): boolean {
  const at = Date.parse(launchAt);
  const [launched, setLaunched] = useState(launchedWhenRendered);
  useEffect(() => {
    if (Date.now() >= at) {
      setLaunched(true);
      return;
    }
    const timer = window.setTimeout(() => setLaunched(true), Math.min(at - Date.now() + 50, 2_147_000_000));
    return () => window.clearTimeout(timer);
  }, [at]);
  return launched;
}

const pad = (value: number) => String(value).padStart(2, "0");

export function Countdown({ launchAt, label }: { launchAt: string; label: string }) {
  const at = Date.parse(launchAt);
  const [now, setNow] = useState<number | null>(null);
  const ref = useRef<number | undefined>(undefined);
  useEffect(() => {
    setNow(Date.now());
    ref.current = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(ref.current);
  }, []);
  const when = new Date(at).toUTCString();
  if (now === null) {
    return (
      <p className="font-medium" data-testid="countdown">
        {label} <time dateTime={launchAt}>{when}</time>
      </p>
    );
  }
  const left = Math.max(0, Math.floor((at - now) / 1000));
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = left % 60;
  if (left === 0) {
    return (
      <p className="font-medium" data-testid="countdown">
        Live now
      </p>
    );
  }
  return (
    <p className="font-medium" data-testid="countdown">
      {label}{" "}
      <time dateTime={launchAt} title={when} className="font-mono text-lg tabular-nums">
        {days > 0 ? `${days}d ` : ""}
        {pad(hours)}:{pad(minutes)}:{pad(seconds)}
      </time>
    </p>
  );
}
