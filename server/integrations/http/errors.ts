/**
 * What a call to an outside service can end in, typed so jobs decide without reading statuses:
 * RateLimited and Unavailable are passing (reschedule at `retryAt`), AuthRefused needs a reconnect,
 * NotFound and Validation are about the request, UnexpectedAnswer is anything else.
 */
import type { ProviderName } from '../providerConfig';

export class ProviderCallError extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
    /** The answer's status; null when no answer came (or the budget refused the call before it was made). */
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** 429, or the shared budget refused the call (`problem` 'budget'). */
export class RateLimited extends ProviderCallError {
  constructor(
    provider: ProviderName,
    status: number | null,
    readonly retryAt: Date,
    /** X-Rate-Limit-Problem (Xero: minute, day, appminute, concurrent), or 'budget'. */
    readonly problem: string | null,
  ) {
    super(provider, `${provider} rate limit${problem ? ` (${problem})` : ''}; retry at ${retryAt.toISOString()}`, status);
  }
}

/** 503, a timeout or no connection: try again later. */
export class Unavailable extends ProviderCallError {
  constructor(
    provider: ProviderName,
    status: number | null,
    readonly retryAt: Date | null,
    options?: { cause?: unknown },
  ) {
    super(provider, `${provider} is unavailable${status ? ` (${status})` : ''}`, status, options);
  }
}

/** 401, or the grant itself was refused (OAuthRefusedError): someone has to connect again. */
export class AuthRefused extends ProviderCallError {}

export class NotFound extends ProviderCallError {}

/** 400: the provider's account of what is wrong is in `body`. */
export class Validation extends ProviderCallError {
  constructor(
    provider: ProviderName,
    readonly body: unknown,
  ) {
    super(provider, `${provider} refused the request as invalid`, 400);
  }
}

export class UnexpectedAnswer extends ProviderCallError {
  constructor(
    provider: ProviderName,
    status: number,
    readonly body: unknown,
  ) {
    super(provider, `${provider} answered ${status}`, status);
  }
}
