/**
 * One place that turns "method, path, gate, handler" into a documented, gated, enveloped route,
 * so every action of this area declares its access rule, envelope key and response schema alike.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  HookHandlerDoneFunction,
  preHandlerHookHandler,
} from 'fastify';
import type { Gate } from '../../core/access/access';
import { describeGate, requireGate } from '../auth/gate';
import { sendOk } from '../envelope/envelope';
import { errorResponses, plainJsonSerializer, responses, type JsonSchema } from '../envelope/schemas';
import { actionValidatorCompiler } from './bodySchema';

export interface ActionRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  key: string;
  gate: Gate;
  summary: string;
  /** Body schema enforced by AJV before the handler, after the access check (server/http/bodySchema.ts). */
  body?: JsonSchema;
  /** Body schema for the OpenAPI document only; the handler validates the body itself (being replaced by `body`). */
  docBody?: JsonSchema;
  data?: JsonSchema;
  /** Send with JSON.stringify though `data` is declared: rows the handler builds itself (plainJsonSerializer). */
  plainSerializer?: boolean;
  params?: JsonSchema;
  querystring?: JsonSchema;
  /** A change: the answer asks the SPA for a success notice. */
  change?: boolean;
  status?: number;
}

export const idParams: JsonSchema = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['id'],
};

export interface ActionResult {
  data: unknown;
  totalCount?: number;
}

/** Params and query-string errors answer before the access check, as on every route. */
export function partsBeforeGate(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const err = req.validationError as (Error & { validationContext?: string }) | undefined;
  if (err && err.validationContext !== 'body') throw err;
  done();
}

/** Body errors answer after it, as when every handler checked its own body. */
export function bodyAfterGate(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  if (req.validationError) throw req.validationError;
  done();
}

/**
 * The route options that check a declared `schema.body` with the body rules of ./bodySchema.ts,
 * answering its errors after `gate` (params and query errors before it); for routes written
 * without `action`.
 */
export function checkedBody(gate: preHandlerHookHandler) {
  // Fastify types a route's compiler over its own schema type; ours reads any JSON schema.
  const validatorCompiler = actionValidatorCompiler as unknown as FastifySchemaCompiler<FastifySchema>;
  return { validatorCompiler, attachValidation: true, preHandler: [partsBeforeGate, gate, bodyAfterGate] };
}

export function action(app: FastifyInstance, r: ActionRoute, handler: (req: FastifyRequest) => Promise<ActionResult>): void {
  const gate = requireGate(r.gate);
  app.route({
    method: r.method,
    url: r.url,
    config: { envelopeKey: r.key, gate: r.gate, docBody: r.docBody },
    ...(r.body ? checkedBody(gate) : { preHandler: gate }),
    // Without a data schema there is nothing to strip: the data would go through JSON.stringify anyway.
    ...(r.data && !r.plainSerializer ? {} : { serializerCompiler: plainJsonSerializer }),
    schema: {
      tags: [r.key],
      summary: r.summary,
      description: describeGate(r.gate),
      // Present only when given: Fastify warns about keys set to undefined.
      ...(r.params ? { params: r.params } : {}),
      ...(r.body ? { body: r.body } : {}),
      ...(r.querystring ? { querystring: r.querystring } : {}),
      response: responses(r.key, r.data ?? {}, r.status ?? 200),
    },
    handler: async (req, reply) => {
      const { data, totalCount } = await handler(req);
      return sendOk(req, reply, data, { status: r.status, snackbar: r.change, totalCount });
    },
  });
}

export interface FileRoute extends Pick<ActionRoute, 'url' | 'key' | 'gate' | 'summary' | 'params' | 'querystring'> {
  method: 'GET';
  /** The file's media type, as the OpenAPI document shows it ('application/pdf'). */
  mediaType: string;
}

/**
 * A route whose success answer is a file, not an envelope (the sales PDF): declared, gated and
 * documented as an `action` is, its refusals still in the envelope; the handler sends the bytes
 * with their own headers.
 */
export function fileAction(app: FastifyInstance, r: FileRoute, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>): void {
  app.route({
    method: r.method,
    url: r.url,
    config: { envelopeKey: r.key, gate: r.gate },
    preHandler: requireGate(r.gate),
    schema: {
      tags: [r.key],
      summary: r.summary,
      description: describeGate(r.gate),
      ...(r.params ? { params: r.params } : {}),
      ...(r.querystring ? { querystring: r.querystring } : {}),
      response: { 200: { description: r.mediaType, type: 'string', format: 'binary' }, ...errorResponses(r.key) },
    },
    handler,
  });
}
