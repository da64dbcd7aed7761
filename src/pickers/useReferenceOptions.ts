/**
 * A picker's choices: the first page of matches for what the user typed (asked only while the
 * list is open, after a short pause), and the names of the chosen ids (one getMany, or the names
 * the record already carries). One or two characters are not sent: the server refuses them.
 */
import { useDebounced } from '../util/useDebounced';
import { keepPreviousData } from '@tanstack/react-query';
import { useGetList, useGetMany, type RaRecord } from 'ra-core';
import { checkAccess } from '../../core/access/access';
import { searchableText, searchProblem, MIN_SEARCH_MESSAGE } from '../../core/lists/search';
import { useAuth } from '../auth/authStore';
import { useOptionalBrand } from '../brand/BrandContext';
import { gateOf, PICK_PAGE_SIZE, type Reference } from './references';

export interface PickOption {
  id: number;
  name: string;
}

export function useReferenceAllowed(reference: Reference): boolean {
  const role = useAuth().user?.role ?? null;
  const features = useOptionalBrand()?.features;
  const gate = gateOf(reference);
  return !!gate && checkAccess(gate, { role, features }).ok;
}

interface Args {
  reference: Reference;
  ids: number[];
  open: boolean;
  text: string;
  known?: PickOption[];
}

export function useReferenceOptions({ reference, ids, open, text, known = [] }: Args) {
  const allowed = useReferenceAllowed(reference);
  const typed = useDebounced(text);
  const problem = searchProblem(text) ? MIN_SEARCH_MESSAGE : null;
  const search = searchableText(typed);
  const toOption = (r: RaRecord): PickOption => ({ id: Number(r.id), name: String(r[reference.nameField] ?? `#${r.id}`) });

  const { data: found, isFetching } = useGetList(
    reference.resource,
    {
      filter: { ...reference.filter, ...(search ? { q: search } : {}) },
      pagination: { page: 1, perPage: PICK_PAGE_SIZE },
      sort: { field: reference.nameField, order: 'ASC' },
    },
    { enabled: allowed && open && !problem, placeholderData: keepPreviousData },
  );
  const unknown = ids.filter((id) => !known.some((k) => k.id === id));
  const { data: chosen } = useGetMany(reference.resource, { ids: unknown }, { enabled: allowed && unknown.length > 0 });

  const names = new Map<number, PickOption>();
  for (const option of [...known, ...(chosen ?? []).map(toOption), ...(found ?? []).map(toOption)]) names.set(option.id, option);
  const optionOf = (id: number): PickOption => names.get(id) ?? { id, name: `#${id}` };
  // Too short a text shows why instead of the matches of an earlier text.
  return { options: problem ? [] : (found ?? []).map(toOption), optionOf, loading: !problem && isFetching, problem };
}
