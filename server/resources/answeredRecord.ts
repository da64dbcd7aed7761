/** One record of a resource as the engine answers it, for areas that show it inside their own answers. */
import { findResource } from '../../core/resources/definitions';
import type { BrandDb } from '../db/types';
import { resourceInfo, type ResourceInfo } from './fields';
import { hooksOf } from './hookRegistry';
import { wireRecord, type Row } from './hooks';
import { getRecord } from './store';

const infos = new Map<string, ResourceInfo>();

export async function answeredRecord(db: unknown, resource: string, id: number): Promise<Row | null> {
  let info = infos.get(resource);
  if (!info) infos.set(resource, (info = resourceInfo(findResource(resource)!)));
  const row = await getRecord(db as BrandDb, info, id);
  return row ? wireRecord(info, hooksOf(resource), row) : null;
}
