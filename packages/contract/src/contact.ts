/** /contact (issue 6): a message for the shop, stored for staff and mailed to the shop. */
import { z } from "zod";
import { apiPaths } from "./api-paths.ts";
import { defineEndpoint } from "./endpoint.ts";

export const contactLimits = { perIpPerHour: 5 } as const;

export const ContactBody = z.object({
  name: z.string().trim().min(1, { error: "Enter your name." }).max(120, { error: "At most 120 characters." }),
  email: z.email({ error: "Enter a valid email address." }).max(254),
  subject: z.string().trim().min(2, { error: "Enter a subject." }).max(160, { error: "At most 160 characters." }),
  message: z
    .string()
    .trim()
    .min(10, { error: "Write at least 10 characters." })
    .max(5000, { error: "At most 5000 characters." }),
});
export type ContactBody = z.input<typeof ContactBody>;

export const contactEndpoints = {
  send: defineEndpoint({
    method: "POST",
    path: apiPaths.contact,
    summary: "Send the shop a message (stored for staff and mailed to the shop; rate-limited per address)",
    tags: ["contact"],
    body: ContactBody,
    response: z.object({ received: z.literal(true) }),
  }),
} as const;
