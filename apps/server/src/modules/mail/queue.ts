/**
 * Mails go out through the job queue (ADR 0008): `send()` stores the rendered message as a
 * `mail.send` job and returns; whichever process fetches the job hands it to the transport
 * (SMTP, or the outbox folder). A failed send is retried with exponential backoff (10 s,
 * 20 s, 40 s … at most an hour apart, 12 tries: about half a day); a process that dies while
 * sending leaves the job to expire and another process sends it. A mail that reports a
 * change (an order, a payment, a request) is enqueued inside that change's transaction
 * (`send(message, { tx })`): it commits with the change, so a crash cannot lose it.
 */
import type { JobQueue, QueueDefinition } from "../../infra/jobs.ts";
import type { Mailer, MailMessage } from "./mailer.ts";

export const MAIL_QUEUE = "mail.send";

export const mailQueueOptions: QueueDefinition = {
  retryLimit: 12,
  retryDelay: 10,
  retryBackoff: true,
  retryDelayMax: 3_600,
  // An SMTP exchange never takes this long: a job still active after it was dropped by a dead process.
  expireInSeconds: 120,
  // Sent mails (addresses, signed links) are kept a day for inspection, not the default week.
  deleteAfterSeconds: 86_400,
  notify: true,
};

/** A Mailer whose `send` enqueues; `transport` does the sending, in whichever process runs the job. */
export function queuedMailer(transport: Mailer, jobs: JobQueue): Mailer {
  jobs.define<MailMessage>(MAIL_QUEUE, (message) => transport.send(message), mailQueueOptions);
  return {
    mode: transport.mode,
    async send(message, options) {
      await jobs.send(MAIL_QUEUE, stripUndefined(message), options?.tx ? { tx: options.tx } : {});
    },
  };
}

function stripUndefined(message: MailMessage): MailMessage {
  return Object.fromEntries(Object.entries(message).filter(([, value]) => value !== undefined)) as MailMessage;
}
