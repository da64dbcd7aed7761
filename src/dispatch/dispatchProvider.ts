/**
 * The dispatch board's calls (GET dispatch/week, POST dispatch/visits/{id}), merged into the app's
 * data provider and used through useDispatchProvider() with react-query.
 */
import { useDataProvider, type DataProvider } from 'ra-core';
import type { DispatchMove, DispatchWeek } from '../../core/dispatch/types';
import type { HttpClient } from '../dataProvider/httpClient';

export interface WeekParams {
  start: string;
  stext: string;
  page: number;
}

export interface DispatchProvider {
  dispatchWeek(params: WeekParams, signal?: AbortSignal): Promise<DispatchWeek | null>;
  /** Resolves when the server took the move; a refusal is shown as the server's notice and rejects. */
  dispatchMove(jobId: number, body: DispatchMove, successText: string): Promise<void>;
}

export function dispatchProvider(client: HttpClient): DispatchProvider {
  return {
    async dispatchWeek({ start, stext, page }, signal) {
      const res = await client<DispatchWeek>('dispatch/week', { resource: 'dispatch', query: { start, stext: stext || undefined, page }, signal });
      return res?.data ?? null;
    },
    async dispatchMove(jobId, body, successText) {
      await client(`dispatch/visits/${jobId}`, { resource: 'dispatch', method: 'POST', body, successText });
    },
  };
}

export const useDispatchProvider = () => useDataProvider<DataProvider & DispatchProvider>();
/** Every week of the board: a move refreshes them all. */
export const DISPATCH_KEY = ['dispatchWeek'] as const;
