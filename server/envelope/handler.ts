/**
 * The global error and not-found handlers: whatever goes wrong, the client gets an envelope with
 * a stable code. Unknown faults become 500 INTERNAL with only an error-log id.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { enText } from '../../core/i18n/en-US';
import type { RootDb } from '../db/types';
import { AppError, invalidField, isAppError, notFound, RETRY_AFTER_S, tooLarge, validationError } from './errors';
import { envelope, envelopeKey } from './envelope';
import { logInternalError } from './errorLog';
import { fieldMessages, type AjvIssue } from './fastifyValidation';
import { mapPgError } from './pgErrors';

/** Fastify's own errors that are the client's fault, and what they mean on the wire. */
function fromFastifyError(err: FastifyError): AppError | null {
  if (err.validation) return validationError(fieldMessages(err.validation as unknown as AjvIssue[], err.validationContext));
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge();
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return invalidField('body');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return invalidField('content-type');
    case 'FST_ERR_BAD_URL':
      return invalidField('url');
  }
  // Anything else Fastify marks as a 4xx is a malformed request (e.g. a JSON SyntaxError).
  if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
    if (err.statusCode === 404) return notFound();
    if (err.statusCode === 413) return tooLarge();
    return invalidField(null);
  }
  return null;
}

export async function sendError(root: RootDb | null, err: unknown, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  let appError: AppError | null = isAppError(err) ? err : mapPgError(err, req.method);
  if (!appError && err instanceof Error) appError = fromFastifyError(err as FastifyError);
  if (!appError) {
    const id = await logInternalError(root, req, err);
    appError = new AppError({ code: 'INTERNAL', status: 500, primary: enText('errors.unknown'), general: id });
  }
  if (appError.status === 503) reply.header('retry-after', String(RETRY_AFTER_S));
  // A 4xx answer keeps the connection usable; a half-read body is dropped by Fastify itself.
  return reply
    .code(appError.status)
    .type('application/json; charset=utf-8')
    .send(envelope(envelopeKey(req), null, { isLogged: !!req.user, dbErrors: appError.toDbErrors() }));
}

export interface EnvelopeHandlerOptions {
  root: RootDb | null;
  /** Gets the first chance at an unmatched request (the SPA's history fallback); true = handled. */
  notFoundFallback?: (req: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
}

export function registerEnvelopeHandlers(app: FastifyInstance, opts: EnvelopeHandlerOptions): void {
  app.setErrorHandler((err, req, reply) => sendError(opts.root, err, req, reply));
  app.setNotFoundHandler(async (req, reply) => {
    if (opts.notFoundFallback && (await opts.notFoundFallback(req, reply))) return reply;
    return sendError(opts.root, notFound(), req, reply);
  });
}
