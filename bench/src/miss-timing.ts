/**
 * Where a page-cache miss's time goes: sequential misses of one page (a new `?render=` each
 * time), each answer's `Server-Timing` (apps/server/src/http/web.ts) read, and the median of
 * each part printed: the loaders (with React Router's matching), React's render, and the
 * compression of the answer. Measured, never asserted.
 */
import { request } from "node:http";

export interface MissTiming {
  url: string;
  samples: number;
  /** Medians in milliseconds, by Server-Timing name (loader, render, compress, total). */
  p50: Record<string, number>;
}

export async function measureMissTiming(url: string, samples = 300): Promise<MissTiming> {
  const parts = new Map<string, number[]>();
  for (let n = 0; n < samples; n++) {
    const header = await serverTimingOf(`${url}${url.includes("?") ? "&" : "?"}render=timing-${n}`);
    for (const entry of header.split(",")) {
      const match = /^\s*([\w-]+);dur=([\d.]+)\s*$/.exec(entry);
      if (!match?.[1] || !match[2]) continue;
      const list = parts.get(match[1]) ?? [];
      list.push(Number(match[2]));
      parts.set(match[1], list);
    }
  }
  const p50: Record<string, number> = {};
  for (const [name, values] of parts) {
    values.sort((a, b) => a - b);
    p50[name] = values[Math.floor(values.length / 2)] ?? 0;
  }
  return { url, samples, p50 };
}

/** The answer's Server-Timing, as a browser asking for brotli gets it. */
function serverTimingOf(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { "accept-encoding": "br, gzip" } }, (answer) => {
      answer.resume();
      answer.on("end", () => resolve(String(answer.headers["server-timing"] ?? "")));
      answer.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

export function formatMissTiming(timing: MissTiming): string {
  const ms = (name: string) => (timing.p50[name] ?? Number.NaN).toFixed(2);
  return [
    `Where a page-cache miss's time goes (p50 of ${timing.samples} sequential misses of ${timing.url}, Server-Timing)`,
    `  loaders ${ms("loader")} ms + render ${ms("render")} ms + compression ${ms("compress")} ms; whole miss ${ms("total")} ms (aim: about 2 ms)`,
  ].join("\n");
}
