/** The server hooks of the accounting resources (registered in server/resources/hookRegistry.ts). */
import { invalidField } from '../envelope/errors';
import type { ResourceHooks, Row } from '../resources/hooks';

/** A rate is a percentage: 0 to 100 with at most four decimals (numeric(7,4)). */
function checkRate(value: unknown): void {
  if (value === undefined) return;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 100 || Math.round(n * 10000) !== n * 10000) throw invalidField('effective_rate');
}

/** Not-null columns sent as null (an edit form's cleared field): a status is required, a flag takes its default. */
function notNull(values: Row, flags: Record<string, boolean>): Row {
  if ('status' in values && values.status === null) throw invalidField('status', 'validation.required');
  const out = { ...values };
  for (const [name, fallback] of Object.entries(flags)) if (name in out && out[name] === null) out[name] = fallback;
  return out;
}

export const taxRateHooks: ResourceHooks = {
  beforeWrite({ values: sent, stored }) {
    checkRate(sent.effective_rate);
    const values = notNull(sent, { xtr_visible: true, is_default: false });
    const out: Row = { ...values, updated_at: new Date() };
    const visible = values.xtr_visible ?? stored?.xtr_visible ?? true;
    const isDefault = values.is_default ?? stored?.is_default ?? false;
    // The default is what new rows preselect, so it must stay offered: hiding it gives the default up,
    // and making a hidden rate the default shows it again.
    if (values.xtr_visible === false && isDefault) out.is_default = false;
    else if (values.is_default === true && !visible) out.xtr_visible = true;
    return out;
  },
};

export const itemHooks: ResourceHooks = {
  beforeWrite: ({ values }) => ({ ...notNull(values, { visible: true }), last_update: new Date() }),
};
