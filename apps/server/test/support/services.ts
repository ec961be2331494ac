/**
 * The machine's own services some tests need (Redis, HAProxy): found or not, so a test
 * file can skip the parts that need them, saying why. .ci/run installs and starts both.
 */
import { execFileSync } from "node:child_process";
import net from "node:net";

export const REDIS_URL = "redis://127.0.0.1:6379";

/** Whether a Redis server answers PING on 127.0.0.1:6379 within a second. */
export async function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port: 6379 });
    socket.setTimeout(1_000);
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The HAProxy binary of Debian's package, if installed. */
export function haproxyBinary(): string | undefined {
  for (const candidate of ["/usr/sbin/haproxy", "/usr/bin/haproxy"]) {
    try {
      execFileSync(candidate, ["-v"], { stdio: "ignore" });
      return candidate;
    } catch {}
  }
  return undefined;
}
