/**
 * The generic CRUD routes of CONTRACT-NOTES for every resource definition:
 * GET list, POST filter, POST create, GET {id}/details, PATCH {id}, DELETE {id}.
 */
import type { FastifyInstance, FastifySchema, FastifySchemaCompiler } from 'fastify';
import type { ResourceDef } from '../../core/resources/engine/types';
import { RESOURCES } from '../../core/resources/definitions';
import { describeGate, requireGate } from '../auth/gate';
import { sendOk } from '../envelope/envelope';
import { notFound } from '../envelope/errors';
import { plainJsonSerializer, responses } from '../envelope/schemas';
import { cleanWriteBody } from './body';
import { filterBodySchema, recordSchema, relationJsonType, resourceInfo, writeBodySchema } from './fields';
import { parseFilterBody } from './filters';
import { listQuerySchema, parseListQuery, type ListQuery } from '../http/listQuery';
import { actionValidatorCompiler } from '../http/bodySchema';
import { bodyAfterGate, partsBeforeGate } from '../http/route';
import { deleteRecord, getRecord, insertRecord, lockRecord, updateRecord } from './store';
import { listPage } from '../lists/listPage';
import { resourceList } from '../lists/resourceList';
import { hooksOf } from './hookRegistry';
import { unsetOtherDefaults, wireRecord, type AnyDb, type Row } from './hooks';
import { loadRelations, parseBulkRows, saveRelation, saveRelations, splitRelations } from './relations';

const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['id'],
} as const;

// Lists use plainJsonSerializer: their rows hold only the definition's columns (store.ts selects them by name).
export function registerResource(app: FastifyInstance, def: ResourceDef): void {
  const info = resourceInfo(def);
  const key = def.name;
  const base = `/api/${def.name}`;
  const read = requireGate(def.gate);
  const write = requireGate(def.gate, def.writeRoles ?? def.gate.roles);
  // Deleting may need a feature of its own on top of the write gate (def.deleteFeature).
  const remove = def.deleteFeature
    ? requireGate({ ...def.gate, requiredFeatures: [...(def.gate.requiredFeatures ?? []), def.deleteFeature] }, def.writeRoles ?? def.gate.roles)
    : write;
  const readNote = describeGate(def.gate);
  const writeNote = describeGate(def.gate, def.writeRoles ?? def.gate.roles);
  const record = recordSchema(info);
  const list = { type: 'array', items: record };
  const tags = [def.name];
  const readConfig = { envelopeKey: key, gate: def.gate };
  const writeConfig = { envelopeKey: key, gate: def.gate, writeRoles: def.writeRoles };
  const hasCrossField = def.fields.some((f) => f.requiredWhen);
  // Bodies checked by AJV on the route, answering after the access check as the handlers' own checks do.
  const checkedWrite = {
    validatorCompiler: actionValidatorCompiler as FastifySchemaCompiler<FastifySchema>,
    attachValidation: true,
    preHandler: [partsBeforeGate, write, bodyAfterGate],
  };
  const checkedRead = { ...checkedWrite, preHandler: [partsBeforeGate, read, bodyAfterGate] };
  const hooks = hooksOf(def.name);
  const answer = (row: Row) => wireRecord(info, hooks, row);
  const answerRows = (rows: Row[]) => (info.secrets.length || hooks?.toWire ? rows.map(answer) : rows);
  /** The columns to write: the resource's own checks, then "one default", inside the write's transaction. */
  const prepare = async (trx: AnyDb, id: number | null, values: Row) => {
    const stored = id === null || !hooks?.beforeWrite ? null : await lockRecord(trx as never, info, id);
    if (id !== null && hooks?.beforeWrite && !stored) return null;
    const columns = hooks?.beforeWrite ? await hooks.beforeWrite({ trx, id, values, stored }) : values;
    await unsetOtherDefaults(trx, info, id, columns);
    return columns;
  };

  app.get<{ Querystring: ListQuery }>(
    `${base}/list`,
    {
      config: readConfig,
      preHandler: read,
      serializerCompiler: plainJsonSerializer,
      schema: { tags, summary: `List ${def.name}`, description: readNote, querystring: listQuerySchema, response: responses(key, list) },
    },
    async (req, reply) => {
      const params = parseListQuery(req.query, info.list);
      const { rows, totalCount } = await listPage(resourceList(req.db!, info, [], params));
      return sendOk(req, reply, answerRows(rows), { totalCount });
    },
  );

  app.post<{ Querystring: ListQuery; Body: unknown }>(
    `${base}/filter`,
    {
      config: readConfig,
      ...checkedRead,
      serializerCompiler: plainJsonSerializer,
      schema: {
        tags,
        summary: `Filter ${def.name}`,
        description: readNote,
        querystring: listQuerySchema,
        body: filterBodySchema(info),
        response: responses(key, list),
      },
    },
    async (req, reply) => {
      const params = parseListQuery(req.query, info.list);
      const conditions = parseFilterBody(info, req.body);
      const { rows, totalCount } = await listPage(resourceList(req.db!, info, conditions, params));
      return sendOk(req, reply, answerRows(rows), { totalCount });
    },
  );

  app.post<{ Body: unknown }>(
    `${base}/create`,
    {
      config: writeConfig,
      ...checkedWrite,
      schema: {
        tags,
        summary: `Create a ${def.name} record`,
        description: writeNote,
        body: writeBodySchema(info, 'create'),
        response: responses(key, record, 201),
      },
    },
    async (req, reply) => {
      const { columns, blocks } = splitRelations(info, cleanWriteBody(info, req.body, 'create'));
      const created = await req.db!.transaction().execute(async (trx) => {
        const row = await insertRecord(trx, info, (await prepare(trx as never, null, columns))!);
        const id = row[def.idField] as number;
        await saveRelations(trx, info, id, blocks);
        return info.relations.size ? { ...row, ...(await loadRelations(trx, info, id)) } : row;
      });
      return sendOk(req, reply, answer(created), { status: 201, snackbar: true });
    },
  );

  app.get<{ Params: { id: number } }>(
    `${base}/:id/details`,
    {
      config: readConfig,
      preHandler: read,
      schema: { tags, summary: `One ${def.name} record`, description: readNote, params: idParams, response: responses(key, record) },
    },
    async (req, reply) => {
      const found = await getRecord(req.db!, info, req.params.id);
      if (!found) throw notFound();
      const blocks = info.relations.size ? await loadRelations(req.db!, info, req.params.id) : {};
      return sendOk(req, reply, answer({ ...found, ...blocks }));
    },
  );

  app.patch<{ Params: { id: number }; Body: unknown }>(
    `${base}/:id`,
    {
      config: writeConfig,
      ...checkedWrite,
      schema: {
        tags,
        summary: `Update the given fields of a ${def.name} record`,
        description: writeNote,
        params: idParams,
        body: writeBodySchema(info, 'update'),
        response: responses(key, record),
      },
    },
    async (req, reply) => {
      // Cross-field rules (a note required while its flag is set) need the stored record.
      const stored = hasCrossField ? await getRecord(req.db!, info, req.params.id) : undefined;
      if (stored === null) throw notFound();
      const { columns, blocks } = splitRelations(info, cleanWriteBody(info, req.body, 'update', stored));
      const updated = await req.db!.transaction().execute(async (trx) => {
        const values = await prepare(trx as never, req.params.id, columns);
        if (!values) return null;
        const row = await updateRecord(trx, info, req.params.id, values);
        if (!row) return null;
        await saveRelations(trx, info, req.params.id, blocks);
        return info.relations.size ? { ...row, ...(await loadRelations(trx, info, req.params.id)) } : row;
      });
      if (!updated) throw notFound();
      return sendOk(req, reply, answer(updated), { snackbar: true });
    },
  );

  app.delete<{ Params: { id: number } }>(
    `${base}/:id`,
    {
      config: writeConfig,
      preHandler: remove,
      schema: { tags, summary: `Delete a ${def.name} record`, description: writeNote, params: idParams, response: responses(key, record) },
    },
    async (req, reply) => {
      const { beforeDelete } = hooks ?? {};
      const deleted = beforeDelete
        ? await req.db!.transaction().execute(async (trx) => {
            const stored = await lockRecord(trx, info, req.params.id);
            if (!stored) return null;
            await beforeDelete({ trx: trx as never, id: req.params.id, stored });
            return deleteRecord(trx, info, req.params.id);
          })
        : await deleteRecord(req.db!, info, req.params.id);
      if (!deleted) throw notFound();
      return sendOk(req, reply, answer(deleted), { snackbar: true });
    },
  );

  for (const rel of info.relations.values()) {
    if (!rel.action) continue;
    const rows = relationJsonType(rel);
    app.post<{ Params: { id: number }; Body: unknown }>(
      `${base}/:id/${rel.action}`,
      {
        config: writeConfig,
        ...checkedWrite,
        schema: {
          tags,
          summary: `Replace the ${rel.name} of a ${def.name} record`,
          description: writeNote,
          params: idParams,
          // The rows themselves are read by parseBulkRows (yup: numbers as text, each row's own message and path).
          body: {
            type: ['object', 'array'],
            description: 'The rows, or { _bulk: rows }',
            properties: { _bulk: { description: String(rows.description) } },
          },
          response: responses(key, rows),
        },
      },
      async (req, reply) => {
        const input = parseBulkRows(rel, req.body);
        const saved = await req.db!.transaction().execute(async (trx) => {
          // Locks the owner row, so a concurrent delete cannot leave links to nothing.
          const owner = await trx
            .selectFrom(def.table as never)
            .select(def.idField as never)
            .where(def.idField as never, '=', req.params.id as never)
            .forUpdate()
            .executeTakeFirst();
          if (!owner) return null;
          return saveRelation(trx, info, rel, req.params.id, input);
        });
        if (!saved) throw notFound();
        return sendOk(req, reply, saved, { snackbar: true });
      },
    );
  }
}

export function registerResources(app: FastifyInstance, defs: readonly ResourceDef[] = RESOURCES): void {
  // A definition with its own actions has its own routes (its area registers them).
  for (const def of defs) if (!def.actions) registerResource(app, def);
}
