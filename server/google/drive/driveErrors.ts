/**
 * Drive's refusals as envelope errors: a spent quota (403 userRateLimitExceeded, 429, or our own
 * budget) says when to try again; a refused grant asks for the Google login; a file Google does not
 * have (or the user may not see) is a 404. Anything else is left to the global handler.
 */
import { googleMessages } from '../../../core/google/messages';
import { AppError, notFound, unavailable } from '../../envelope/errors';
import { AuthRefused, NotFound, RateLimited, Unavailable, UnexpectedAnswer } from '../../integrations/http/errors';
import { loginRequired } from '../accountRoutes';
import { NotDownloadable } from './driveApi';

const driveText = (key: string) => String(((googleMessages['en-US'].google as Record<string, unknown>).drive as Record<string, unknown>)[key]);

export function quotaError(retryAt: Date, now = Date.now()): AppError {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now) / 1000));
  return new AppError({
    code: 'GOOGLE_QUOTA',
    status: 429,
    primary: driveText('quota').replace('{{seconds}}', String(seconds)),
    // The moment itself, for a client that schedules its retry.
    details: retryAt.toISOString(),
  });
}

const notDownloadable = () => new AppError({ code: 'VALIDATION', status: 400, primary: driveText('notDownloadable'), details: 'fileId' });

/** Google's own refusal to give a file's bytes (fileNotDownloadable, fileNotExportable). */
const refusedDownload = (error: UnexpectedAnswer) =>
  error.status === 403 &&
  ((error.body as { error?: { errors?: { reason?: string }[] } } | null)?.error?.errors ?? []).some((e) =>
    /^fileNot(Downloadable|Exportable)$/.test(e.reason ?? ''),
  );

export function driveError(error: unknown): unknown {
  if (error instanceof NotDownloadable) return notDownloadable();
  if (error instanceof UnexpectedAnswer && refusedDownload(error)) return notDownloadable();
  if (error instanceof RateLimited) return quotaError(error.retryAt);
  if (error instanceof AuthRefused) return loginRequired();
  if (error instanceof NotFound) return notFound();
  if (error instanceof Unavailable) return unavailable();
  return error;
}

/** Runs a Drive call, its refusals turned into envelope errors. */
export async function viaDrive<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw driveError(error);
  }
}
