/**
 * A TCP proxy between an app and its PostgreSQL, for outage tests in the API suite: the
 * test's PostgreSQL serves every file at once and cannot be stopped, but one app's way to
 * it can. `down()` closes the port and cuts every open connection (node-postgres sees
 * ECONNREFUSED and "Connection terminated", as when the server dies); `up()` opens it
 * again on the same port. Nothing of the app is replaced: its pool, job queue and
 * invalidation listener connect through the proxy as they would to the server.
 */
import net from "node:net";

export interface DbProxy {
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  through: (databaseUrl: string) => string;
  down: () => Promise<void>;
  up: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startDbProxy(databaseUrl: string): Promise<DbProxy> {
  const target = new URL(databaseUrl);
  const targetHost = target.hostname || "127.0.0.1";
  const targetPort = Number(target.port || 5432);
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("error", () => {});
          socket.on("close", () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });

  const down = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    through: (url) => {
      const proxied = new URL(url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(port);
      return proxied.toString();
    },
    down,
    up: async () => {
      if (!server) await listen();
    },
    close: down,
  };
}
