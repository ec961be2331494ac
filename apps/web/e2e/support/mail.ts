/** Reading what the stack's SMTP server received (see stack.ts). */
import { expect } from "@playwright/test";
import { e2ePorts } from "./ports.ts";

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** Waits for a mail to `to` whose subject matches, and returns the first link in it. */
export async function linkFromMail(to: string, subject: RegExp): Promise<string> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://127.0.0.1:${e2ePorts.mailApi}/messages?to=${encodeURIComponent(to)}`);
        const messages = (await response.json()) as Mail[];
        found = messages.find((message) => subject.test(message.subject));
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const link = /https?:\/\/\S+/.exec(found?.text ?? "")?.[0];
  if (!link) throw new Error(`No link in the mail "${found?.subject}"`);
  return link;
}
