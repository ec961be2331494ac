/**
 * Domain errors are values with a type. Services throw them; the one error handler in
 * app.ts maps them to an HTTP status and the stable body `{ error: { code, message } }`.
 */
import type { ErrorCode } from "@atelier/contract";

export abstract class DomainError extends Error {
  abstract readonly status: number;
  abstract readonly code: ErrorCode;
  readonly fields?: Record<string, string>;

  constructor(message: string, fields?: Record<string, string>) {
    super(message);
    this.name = new.target.name;
    if (fields) this.fields = fields;
  }
}

export class BadRequestError extends DomainError {
  readonly status = 400;
  readonly code = "bad_request" as const;
}

export class NotFoundError extends DomainError {
  readonly status = 404;
  readonly code = "not_found" as const;
}

export class ConflictError extends DomainError {
  readonly status = 409;
  readonly code = "conflict" as const;
}

export class ValidationError extends DomainError {
  readonly status = 422;
  readonly code = "validation_failed" as const;
}

export class UnauthorizedError extends DomainError {
  readonly status = 401;
  readonly code = "unauthorized" as const;
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
  readonly code = "forbidden" as const;
}

/**
 * Staff without a second factor while the Owner requires one (issue 37 item 9): the
 * admin sends them to set one up; `reason` lets it tell this 403 from a missing right.
 */
export class SecondFactorRequiredError extends ForbiddenError {
  readonly reason = "SECOND_FACTOR_REQUIRED";
}

export class RateLimitedError extends DomainError {
  readonly status = 429;
  readonly code = "rate_limited" as const;
}

export class PayloadTooLargeError extends DomainError {
  readonly status = 413;
  readonly code = "payload_too_large" as const;
}

export class UnsupportedMediaTypeError extends DomainError {
  readonly status = 415;
  readonly code = "unsupported_media_type" as const;
}
