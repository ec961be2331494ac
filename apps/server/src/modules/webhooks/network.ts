/**
 * The one way out for webhook requests, guarded against SSRF (issue 38 item 1): an endpoint
 * on loopback, a private or link-local network (cloud metadata at 169.254.169.254), or any
 * other address not meant for the public internet is refused unless
 * `WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true`. The check runs where the socket connects (the
 * request's own DNS lookup), so a name that resolves to a public address when registered
 * and to a private one later (DNS rebinding) is refused too. Redirects are not followed.
 */
import dns, { type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";

const notPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  notPublic.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  notPublic.addSubnet(network, prefix, "ipv6");
}
// An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is checked against the IPv4 rules by BlockList itself.

/** Whether an address is loopback, private, link-local, reserved or multicast. */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return notPublic.check(address, family === 4 ? "ipv4" : "ipv6");
}

export class RefusedAddressError extends Error {
  constructor(host: string, address: string) {
    const where = host === address ? host : `${host} is at ${address}, which`;
    super(`${where} is not a public internet address (WEBHOOKS_ALLOW_PRIVATE_NETWORKS is off).`);
    this.name = "RefusedAddressError";
  }
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * At registration: refuses an address that is, or resolves to, a non-public one. A name
 * that does not resolve (yet) is accepted; its deliveries fail and are logged until it does.
 */
export async function checkEndpointAddress(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = hostOf(url);
  if (isIP(host)) {
    if (isNonPublicAddress(host)) throw new RefusedAddressError(host, host);
    return;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true });
  } catch {
    return;
  }
  const refused = addresses.find((entry) => isNonPublicAddress(entry.address));
  if (refused) throw new RefusedAddressError(host, refused.address);
}

/** The request's own DNS lookup, refusing non-public answers (checked where it connects). */
function guardedLookup(allowPrivate: boolean): typeof dns.lookup {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error);
      const refused = allowPrivate ? undefined : addresses.find((entry) => isNonPublicAddress(entry.address));
      if (refused) return callback(new RefusedAddressError(hostname, refused.address));
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no address.`));
      callback(null, first.address, first.family);
    });
  }) as typeof dns.lookup;
}

export interface PostResult {
  status: number;
  /** The answer's first bytes (RESPONSE_EXCERPT), as text. */
  body: string;
}

export const RESPONSE_EXCERPT = 2048;

/** POSTs `body` to `url`; resolves with any HTTP answer, rejects when none came (refused, timeout …). */
export function postJson(
  url: URL,
  headers: Record<string, string>,
  body: string,
  options: { allowPrivate: boolean; timeoutMs: number; userAgent: string },
): Promise<PostResult> {
  const host = hostOf(url);
  if (!options.allowPrivate && isIP(host) && isNonPublicAddress(host)) {
    return Promise.reject(new RefusedAddressError(host, host));
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
          "user-agent": options.userAgent,
        },
        lookup: guardedLookup(options.allowPrivate),
        signal: AbortSignal.timeout(options.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on("data", (chunk: Buffer) => {
          if (kept < RESPONSE_EXCERPT) {
            chunks.push(chunk);
            kept += chunk.length;
          }
        });
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", (error: Error) =>
      reject(error.name === "AbortError" ? new Error(`No answer within ${options.timeoutMs / 1000} s.`) : error),
    );
    request.end(body);
  });
}
