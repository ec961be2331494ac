import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isNonPublicAddress, postJson, RefusedAddressError } from "./network.ts";

describe("isNonPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "10.0.0.8",
    "172.20.1.1",
    "192.168.1.10",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "fd00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111"])("lets %s through", (address) => {
    expect(isNonPublicAddress(address)).toBe(false);
  });
});

describe("postJson", () => {
  let server: http.Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    server = http.createServer((_request, response) => {
      hits++;
      response.writeHead(302, { location: "http://169.254.169.254/" }).end("moved");
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const options = { allowPrivate: false, timeoutMs: 2_000, userAgent: "test" };

  it("refuses a name that resolves to loopback where it connects (a later DNS answer cannot sneak in)", async () => {
    await expect(postJson(new URL(`http://localhost:${port}/`), {}, "{}", options)).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
    await expect(postJson(new URL(`http://127.0.0.1:${port}/`), {}, "{}", options)).rejects.toBeInstanceOf(
      RefusedAddressError,
    );
    expect(hits).toBe(0);
  });

  it("reaches loopback when allowed, and does not follow a redirect", async () => {
    const answer = await postJson(new URL(`http://localhost:${port}/`), {}, "{}", { ...options, allowPrivate: true });
    expect(answer).toEqual({ status: 302, body: "moved" });
    expect(hits).toBe(1);
  });
});
