/** The one error body every API failure answers with (see DESIGN.md, "The API contract"). */
import { z } from "zod";

export const errorCodes = [
  "bad_request",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "payload_too_large",
  "unsupported_media_type",
  "validation_failed",
  "rate_limited",
  "internal",
  "unavailable",
] as const;

export const ErrorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorBody = z
  .object({
    error: z.object({
      code: ErrorCode,
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      /** A finer machine-readable reason, e.g. ACCOUNT_LOCKED for a 429 from sign-in. */
      reason: z.string().optional(),
      /** The request's id (also the X-Request-Id header), as in the server's log lines. */
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: "ErrorBody" });
export type ErrorBody = z.infer<typeof ErrorBody>;
