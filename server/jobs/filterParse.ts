/**
 * The JobFilter body (core/jobs/types.ts) of POST jobs/filter and POST exportjobs/export, parsed
 * into the conditions server/jobs/filter.ts turns into SQL. Every condition is one value or a list
 * of values (a leaf of the template cache in server/lists/jobSheet.ts), never a structure.
 *
 * A customer may filter on the statuses they can see only: asking for a hidden one is refused as
 * an invalid value, so the answer never tells them such statuses exist on their jobs.
 */
import type { FastifyRequest } from 'fastify';
import { JOB_STATUSES, JOB_TAGS } from '../../core/enums';
import { CUSTOMER_VISIBLE_STATUSES } from '../../core/jobs/rules';
import { invalidField } from '../envelope/errors';
import { asObject } from '../http/objects';
import { parseSearchText } from '../http/listQuery';
import { FieldErrors, decimal } from './sales/parse';
import { parseWireDate } from './validate';

export interface JobConditions {
  stext?: string;
  /** Part of the job number, lower-cased. */
  job_number?: string;
  job_status?: string[];
  de_id?: number[];
  co_id?: number;
  js_id?: number;
  pm_id?: number;
  job_tags?: string[];
  assigned?: number[];
  engineer?: number[];
  start_from?: Date;
  start_to?: Date;
  end_from?: Date;
  end_to?: Date;
  /** Net quote and net sales ranges, inclusive, as exact decimal text. */
  net_quote_min?: string;
  net_quote_max?: string;
  net_sales_min?: string;
  net_sales_max?: string;
  drafts: boolean;
  /** A customer's own jobs only; also hides the statuses they may not see from the sort. */
  customer_us_id?: number;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= 2147483647;
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
const MONEY_KEYS = ['net_quote_min', 'net_quote_max', 'net_sales_min', 'net_sales_max'] as const;
const DATE_KEYS = ['start_from', 'start_to', 'end_from', 'end_to'] as const;

function money(key: string, value: unknown): string {
  const errs = new FieldErrors();
  const out = decimal(errs, key, value, { scale: 2, min: -999_999_999_999, max: 999_999_999_999 });
  errs.throwIfAny();
  return out as string;
}

/** `customer`: the viewer is a Customer, who may ask only for the statuses they can see. */
export function parseJobFilter(input: unknown, customer = false): JobConditions {
  const body = asObject(input);
  const out: JobConditions = { drafts: false };
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    if ((MONEY_KEYS as readonly string[]).includes(key)) {
      out[key as (typeof MONEY_KEYS)[number]] = money(key, value);
      continue;
    }
    if ((DATE_KEYS as readonly string[]).includes(key)) {
      const date = parseWireDate(value);
      if (!date) throw invalidField(key);
      out[key as (typeof DATE_KEYS)[number]] = date;
      continue;
    }
    switch (key) {
      case 'stext':
        // Free text needs 3 characters (SPEC.md point 5); blank text is too short too.
        out.stext = parseSearchText(value, { blank: 'tooShort', max100: true })!.toLowerCase();
        break;
      case 'job_number': {
        if (typeof value !== 'string') throw invalidField(key);
        const text = value.trim();
        // A number part may be shorter than free text ('-12').
        if (text.length > 100) throw invalidField(key, 'validation.max100');
        if (text) out[key] = text.toLowerCase();
        break;
      }
      case 'job_status':
      case 'job_tags': {
        const allowed: readonly unknown[] = key === 'job_tags' ? JOB_TAGS : customer ? CUSTOMER_VISIBLE_STATUSES : JOB_STATUSES;
        const values = list(value);
        if (values.length > 50 || values.some((v) => !allowed.includes(v))) throw invalidField(key);
        out[key] = values as string[];
        break;
      }
      case 'de_id':
      case 'assigned':
      case 'engineer': {
        const values = list(value);
        if (values.length > 1000 || !values.every(isId)) throw invalidField(key);
        out[key] = values as number[];
        break;
      }
      case 'co_id':
      case 'js_id':
      case 'pm_id':
        if (!isId(value)) throw invalidField(key);
        out[key] = value;
        break;
      case 'drafts':
        if (typeof value !== 'boolean') throw invalidField(key);
        out.drafts = value;
        break;
      default:
        throw invalidField(key);
    }
  }
  return out;
}

/** The conditions of a sheet or export request: a customer's own jobs and visible statuses only. */
export function sheetConditions(req: FastifyRequest): JobConditions {
  const customer = req.user?.role === 'Customer';
  const c = parseJobFilter(req.body, customer);
  if (customer) c.customer_us_id = req.user!.us_id;
  return c;
}
