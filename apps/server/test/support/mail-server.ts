/**
 * A real SMTP server on loopback (the `smtp-server` package) for tests: the app sends
 * through it with SMTP_URL, and tests read what arrived (parsed by postal-mime).
 * Used by the API tests and by the browser tests' server.
 */
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface TestMailServer {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first message (received now or later) that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailServer(
  options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {},
): Promise<TestMailServer> {
  const messages: ReceivedMail[] = [];
  const waiters: { match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            const mail: ReceivedMail = {
              to: (parsed.to ?? []).flatMap((address) =>
                "address" in address && address.address ? [address.address] : [],
              ),
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: parsed.html ?? "",
            };
            messages.push(mail);
            options.onMail?.(mail);
            for (const waiter of [...waiters]) {
              if (waiter.match(mail)) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve(mail);
              }
            }
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // A client that vanishes mid-session (a shop process killed by a test) resets its
  // connection: a real mail server shrugs that off, and so does this one.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "ECONNRESET" && error.code !== "EPIPE") throw error;
  });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitFor(match, timeoutMs = 10_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No matching mail within ${timeoutMs} ms (got ${messages.length})`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a mail's text. */
export function linkIn(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in the mail "${mail.subject}"`);
  return link;
}
