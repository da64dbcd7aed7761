/**
 * Named saved views of the job sheet (issue 28): a filter and a sort under a name, per user, kept
 * in the user's settings (sheetViews) so they follow the user to every device.
 */
import * as yup from 'yup';
import { VALIDATION } from '../../resources/engine/schema';
import { JOB_SORT_FIELDS } from '../types';

export interface SavedView {
  name: string;
  /** The sheet's filter fields (src/jobs/sheet/sheetState.ts reads them defensively). */
  filter: Record<string, unknown>;
  sort: { field: string; order: 'ASC' | 'DESC' };
}

export const MAX_VIEWS = 30;
export const MAX_VIEW_NAME = 60;

const view = yup
  .object({
    name: yup.string().strict(true).trim().min(1, VALIDATION.required).max(MAX_VIEW_NAME, VALIDATION.value).required(VALIDATION.required),
    filter: yup.object().required(VALIDATION.required),
    sort: yup
      .object({
        field: yup.string().strict(true).oneOf(JOB_SORT_FIELDS, VALIDATION.value).required(VALIDATION.required),
        order: yup.string().strict(true).oneOf(['ASC', 'DESC'], VALIDATION.value).required(VALIDATION.required),
      })
      .required(VALIDATION.required),
  })
  .noUnknown(true, VALIDATION.value);

export const SHEET_VIEWS_SCHEMA = yup
  .array(view)
  .strict(true)
  .max(MAX_VIEWS, VALIDATION.value)
  .required(VALIDATION.required)
  .test('unique', VALIDATION.value, (views) => new Set((views ?? []).map((v) => v?.name)).size === (views ?? []).length);

/** The views with `next` saved under its name (a view of the same name is replaced), in name order. */
export function withView(views: readonly SavedView[], next: SavedView): SavedView[] {
  return [...views.filter((v) => v.name !== next.name), next].sort((a, b) => a.name.localeCompare(b.name));
}
