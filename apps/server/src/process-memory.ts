/**
 * How a shop process gives back the memory its start-up used (issue 18, ADR 0018).
 *
 * Measured at 10,000 products: an app process held ~540 MB right after starting although
 * ~100 MB of its heap was live. Starting up (loading and type-stripping the modules, the
 * server-rendered app, the search index's build) allocates a few hundred MB that are
 * garbage once the process listens, and V8 keeps the pages a collection frees in a pool
 * for reuse, committed: only a memory-reducing collection gives them back to the system.
 * Nothing in a busy server triggers one, so the process kept its start-up peak for good.
 *
 * `--expose-gc` lets `releaseStartupMemory` run one such collection, once, before the
 * process listens (~225 MB afterwards). Every shop process runs with it: `npm start`
 * passes it, and the cluster's primary forks its app processes with it however it was
 * started itself.
 */

/** The V8 flags every shop process runs with (see above). */
export const MEMORY_FLAGS: readonly string[] = ["--expose-gc"];

/**
 * The flags an app process is forked with: ours, unless the primary's own flags
 * (`execArgv`, which Node's cluster passes on by default) or NODE_OPTIONS already have
 * them, then the primary's own.
 */
export function appProcessExecArgv(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = `${execArgv.join(" ")} ${nodeOptions}`.replaceAll("_", "-");
  const ours = MEMORY_FLAGS.filter((flag) => !given.includes(flag.split("=")[0] as string));
  return [...ours, ...execArgv];
}

/**
 * Gives the memory start-up used back to the system: one memory-reducing full garbage
 * collection (it also empties V8's page pool), when `--expose-gc` is on; otherwise
 * nothing. It pauses the process for tens of milliseconds, so it runs before the process
 * listens (and in the primary once its app processes are up).
 */
export function releaseStartupMemory(): void {
  globalThis.gc?.({ type: "major", execution: "sync", flavor: "last-resort" });
}
