/**
 * Load generation: one autocannon run against one URL, after a warm-up run whose
 * numbers are thrown away. This module owns the autocannon options and turns its
 * result into the few numbers the report shows. It measures; it never judges.
 *
 * Latency percentiles are computed here from every response time autocannon reports
 * (in fractional milliseconds): its own histogram rounds to whole milliseconds, which
 * reads as "0 ms" for a fast route.
 */
import autocannon from "autocannon";

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /**
   * Paths to request in turn instead of `url`'s own (e.g. hundreds of distinct search
   * queries), shared by all connections so that no two in a row ask the same thing.
   */
  paths?: string[];
  /** A request other than GET without a body (e.g. POST a JSON quote with a guest's token). */
  request?: { method: "POST" | "PUT"; headers: Record<string, string>; body: string };
  /** Request headers of a GET (e.g. `accept-encoding: br`, as a browser sends). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  /** Average requests per second over the measured run. */
  rps: number;
  /** Median and 99th percentile latency, milliseconds. */
  p50: number;
  p99: number;
  /** Completed requests in the measured run. */
  requests: number;
  /** Responses whose status was not 2xx. */
  non2xx: number;
  /** Count by status code, for the non-2xx ones. */
  non2xxByStatus: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
  timeouts: number;
  durationSeconds: number;
}

export async function measure(options: LoadOptions): Promise<LoadResult> {
  const next = cycle(options.paths);
  const extra = options.request ?? (options.headers ? { headers: options.headers } : {});
  if (options.warmupSeconds > 0) await run(options.url, options.connections, options.warmupSeconds, next, extra);
  const latencies: number[] = [];
  const result = await run(options.url, options.connections, options.durationSeconds, next, extra, latencies);
  latencies.sort((a, b) => a - b);
  const non2xxByStatus: Record<string, number> = {};
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith("2") && stats.count) non2xxByStatus[status] = stats.count;
  }
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 0.5) ?? result.latency.p50,
    p99: percentile(latencies, 0.99) ?? result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    non2xxByStatus,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
  };
}

/** The next path of the list, round robin; undefined when there is no list. */
function cycle(paths: string[] | undefined): (() => string) | undefined {
  if (!paths || paths.length === 0) return undefined;
  let index = 0;
  return () => {
    const path = paths[index % paths.length] ?? "/";
    index += 1;
    return path;
  };
}

function run(
  url: string,
  connections: number,
  durationSeconds: number,
  nextPath: (() => string) | undefined,
  request: Partial<NonNullable<LoadOptions["request"]>>,
  latencies?: number[],
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const requests = nextPath
      ? [{ setupRequest: (request: autocannon.Request) => ({ ...request, path: nextPath() }) }]
      : undefined;
    const instance = autocannon(
      { url, connections, duration: durationSeconds, timeout: 10, ...request, ...(requests ? { requests } : {}) },
      (error, result) => {
        if (error) reject(error instanceof Error ? error : new Error(String(error)));
        else resolve(result);
      },
    );
    if (latencies) {
      instance.on("response", (_client, _status, _bytes, responseTime) => {
        latencies.push(responseTime);
      });
    }
  });
}

/** Nearest-rank percentile of sorted values; undefined when there are none. */
function percentile(sorted: number[], fraction: number): number | undefined {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}
