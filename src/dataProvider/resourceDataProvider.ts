/**
 * react-admin DataProvider over the plain CRUD shape of docs/CONTRACT-NOTES.md:
 * getList → POST {name}/filter?limit&pagenumber&sort&totalcount=1 with {stext, ...filters}.
 */
import type { DataProvider, Identifier, RaRecord } from 'ra-core';
import { findResource } from '../../core/resources/definitions';
import type { ResourceDef } from '../../core/resources/engine/types';
import { ApiError } from './ApiError';
import type { ApiResponse, HttpClient } from './httpClient';
import { changedFields, toFilterBody, toRaRecord, toSortParam, writableFields, type WireRecord } from './resourceMapping';

/** A text answer has already been shown and stored; the caller only needs a rejection. */
function required<T>(res: ApiResponse<T> | undefined, translate: (key: string) => string): ApiResponse<T> {
  if (!res) throw new ApiError(translate('default.unknownError'), 200);
  return res;
}

export function createDataProvider(
  client: HttpClient,
  translate: (key: string) => string,
  lookup: (name: string) => ResourceDef | undefined = findResource,
): DataProvider {
  const asRecords = (def: ResourceDef | undefined, data: unknown) =>
    (Array.isArray(data) ? data : []).map((raw) => toRaRecord(def, raw as WireRecord)) as RaRecord[];

  async function filter(resource: string, body: WireRecord, query: Record<string, string | number | undefined>, signal?: AbortSignal) {
    const def = lookup(resource);
    const res = required(
      await client<unknown[]>(`${resource}/filter`, { method: 'POST', query: { ...query, totalcount: 1 }, body, signal, resource }),
      translate,
    );
    const data = asRecords(def, res.data);
    return { data, total: res.metadata?.totalCount ?? data.length };
  }

  // A definition with SPEC.md's named actions deletes with POST {name}/{action} { idField: id }.
  const remove = (resource: string, id: Identifier) => {
    const def = lookup(resource);
    return def?.actions
      ? client(`${resource}/${def.actions.delete}`, { method: 'POST', body: { [def.idField]: id }, resource })
      : client(`${resource}/${id}`, { method: 'DELETE', resource });
  };

  const listQuery = (resource: string, params: { pagination?: { page: number; perPage: number }; sort?: { field: string; order: string } }) => ({
    limit: params.pagination?.perPage,
    pagenumber: params.pagination?.page,
    sort: toSortParam(lookup(resource), params.sort),
  });

  const provider = {
    getList: (resource, params) => filter(resource, toFilterBody(params.filter), listQuery(resource, params), params.signal),

    getManyReference: (resource, params) =>
      filter(resource, { ...toFilterBody(params.filter), [params.target]: params.id }, listQuery(resource, params), params.signal),

    async getMany(resource, params) {
      if (params.ids.length === 0) return { data: [] };
      const { data } = await filter(resource, { ids: params.ids }, { limit: params.ids.length, pagenumber: 1 }, params.signal);
      return { data };
    },

    async getOne(resource, params) {
      const res = required(await client<WireRecord>(`${resource}/${params.id}/details`, { signal: params.signal, resource }), translate);
      return { data: toRaRecord(lookup(resource), res.data ?? {}) };
    },

    async create(resource, params) {
      const def = lookup(resource);
      const body = writableFields(def, params.data as WireRecord);
      const path = def?.actions ? `${resource}/${def.actions.create}` : `${resource}/create`;
      const res = required(await client<WireRecord>(path, { method: 'POST', body, resource }), translate);
      return { data: toRaRecord(def, { ...body, ...(res.data ?? {}) }) };
    },

    async update(resource, params) {
      const def = lookup(resource);
      const body = changedFields(def, params.data as WireRecord, params.previousData as WireRecord | undefined);
      // Nothing changed: no call, so no empty PATCH and no misleading success notice.
      if (Object.keys(body).length === 0) return { data: (params.previousData ?? { ...params.data, id: params.id }) as RaRecord };
      const res = required(
        def?.actions
          ? await client<WireRecord>(`${resource}/${def.actions.update}`, { method: 'POST', body: { [def.idField]: params.id, ...body }, resource })
          : await client<WireRecord>(`${resource}/${params.id}`, { method: 'PATCH', body, resource }),
        translate,
      );
      const merged = { ...(params.previousData ?? {}), ...body, ...(res.data ?? {}) } as WireRecord;
      return { data: { ...toRaRecord(def, merged), id: params.id } };
    },

    async updateMany(resource, params) {
      const done: Identifier[] = [];
      for (const id of params.ids) {
        await provider.update(resource, { id, data: params.data, previousData: undefined as never });
        done.push(id);
      }
      return { data: done };
    },

    async delete(resource, params) {
      await remove(resource, params.id);
      return { data: (params.previousData ?? { id: params.id }) as RaRecord };
    },

    async deleteMany(resource, params) {
      const done: Identifier[] = [];
      for (const id of params.ids) {
        await remove(resource, id);
        done.push(id);
      }
      return { data: done };
    },
  } as DataProvider;
  return provider;
}
