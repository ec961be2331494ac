/** How the server ends a connection whose body it will not read (a 413; http/edge.ts). */
import type { IncomingMessage } from "node:http";
import { Socket } from "node:net";

/**
 * After a 413 the rest of the body is not wanted, and the connection is closed. Closed at
 * once, the client's next write meets a reset, which can reach the client before it has
 * read the 413 (a browser then shows "connection reset", a script an EPIPE). So the server
 * lingers first (RFC 9112 section 9.6): it takes, and drops unread, at most `bytes` or
 * `ms` more of what the client sends (by then the client has the answer and stops), then
 * closes. A body that ends within that keeps its connection. Memory stays flat: nothing
 * is kept.
 */
export function lingerThenClose(request: IncomingMessage, limits = { bytes: 4 * 1024 * 1024, ms: 1_000 }): void {
  const socket = request.socket;
  if (request.complete || !(socket instanceof Socket)) return;
  let dropped = 0;
  const close = () => {
    clearTimeout(timer);
    socket.removeListener("data", count);
    if (!request.complete) socket.destroy();
  };
  const count = (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > limits.bytes) close();
  };
  const timer = setTimeout(close, limits.ms);
  timer.unref();
  socket.on("data", count);
  request.once("end", () => {
    clearTimeout(timer);
    socket.removeListener("data", count);
  });
  request.resume();
}
