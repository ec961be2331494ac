/**
 * A large body sent over a real socket, for the body-limit tests (issue 37): the client
 * writes 64 KB chunks as fast as the server takes them and stops once the answer comes.
 */
import http from "node:http";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
  /** Bytes the client managed to write before the answer came. */
  written: number;
}

function rawPostOnce(port: number, path: string, total: number, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const chunk = Buffer.alloc(64 * 1024, "a");
    let written = 0;
    let answered = false;
    const request = http.request({ host: "127.0.0.1", port, path, method: "POST", headers, agent: false });
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (data: Buffer) => chunks.push(data));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
          ms: performance.now() - started,
          written,
        }),
      );
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    // One chunk at a time, looking for an answer between two (as curl does): a client
    // that never looks would go on writing into a connection the server has closed.
    const pump = () => {
      if (answered) return;
      if (written >= total) return void request.end();
      written += chunk.length;
      request.write(chunk, () => setImmediate(pump));
    };
    pump();
  });
}

/**
 * Posts `total` bytes of body and resolves with the answer. The server answers an
 * oversized body (413) as soon as it knows and closes the connection while the client is
 * still writing: on a busy machine the reset can reach the client before it has read the
 * answer (ECONNRESET, EPIPE). Such a send is made again, three times at most.
 */
export async function rawPost(
  port: number,
  path: string,
  total: number,
  headers: Record<string, string>,
): Promise<RawAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await rawPostOnce(port, path, total, headers);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 3 || (code !== "ECONNRESET" && code !== "EPIPE")) throw error;
    }
  }
}
