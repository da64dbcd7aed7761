import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { JOB_STATUSES } from '../../core/enums';
import { isAppError } from '../envelope/errors';
import { parseJobFilter, sheetConditions } from './filterParse';

/** The dbErrors entry a refused filter answers with (or 'accepted'). */
function refusal(input: unknown, customer = false) {
  try {
    parseJobFilter(input, customer);
  } catch (err) {
    if (!isAppError(err)) throw err;
    const [first] = err.toDbErrors();
    return [first.details, first.primary];
  }
  return 'accepted';
}
const invalid = (field: string) => [field, 'Invalid value'];

/** POST jobs/filter and exportjobs/export: the JobFilter body as conditions (API.md, SPEC.md points 5 and 6). */
describe('jobs filter body', () => {
  it('an empty or absent body filters nothing, and without drafts', () => {
    expect(parseJobFilter(undefined)).toEqual({ drafts: false });
    expect(parseJobFilter({})).toEqual({ drafts: false });
    expect(parseJobFilter({ stext: null, job_status: [], de_id: undefined, job_tags: [] })).toEqual({ drafts: false });
    expect(refusal([])).toEqual(invalid('body'));
  });

  it("free text needs at least 3 characters ('At least 3 characters') and at most 100, and is matched lower-case", () => {
    expect(parseJobFilter({ stext: '  Boiler  ' })).toEqual({ drafts: false, stext: 'boiler' });
    expect(parseJobFilter({ stext: 'abc' }).stext).toBe('abc');
    expect(refusal({ stext: 'ab' })).toEqual(['stext', 'At least 3 characters']);
    expect(refusal({ stext: '  ab  ' })).toEqual(['stext', 'At least 3 characters']);
    expect(parseJobFilter({ stext: 'x'.repeat(100) }).stext).toHaveLength(100);
    expect(refusal({ stext: 'x'.repeat(101) })).toEqual(['stext', 'Max. 100 chars!']);
    expect(refusal({ stext: 42 })).toEqual(invalid('stext'));
  });

  it('a job number part may be short; a blank one filters nothing', () => {
    expect(parseJobFilter({ job_number: ' PL-12 ' })).toEqual({ drafts: false, job_number: 'pl-12' });
    expect(parseJobFilter({ job_number: '   ' })).toEqual({ drafts: false });
    expect(refusal({ job_number: 'x'.repeat(101) })).toEqual(['job_number', 'Max. 100 chars!']);
    expect(refusal({ job_number: ['PL'] })).toEqual(invalid('job_number'));
  });

  it('statuses and tags: one value or a list of known values, at most 50', () => {
    expect(parseJobFilter({ job_status: 'BOOKED', job_tags: ['PLANNED', 'NEEDTOCALL'] })).toEqual({
      drafts: false,
      job_status: ['BOOKED'],
      job_tags: ['PLANNED', 'NEEDTOCALL'],
    });
    expect(parseJobFilter({ job_status: [...JOB_STATUSES] }).job_status).toEqual([...JOB_STATUSES]);
    expect(refusal({ job_status: ['BOOKED', 'NOPE'] })).toEqual(invalid('job_status'));
    expect(refusal({ job_tags: 'BOOKED' })).toEqual(invalid('job_tags'));
    expect(refusal({ job_status: 'PLANNED' })).toEqual(invalid('job_status'));
    expect(parseJobFilter({ job_tags: Array(50).fill('PLANNED') }).job_tags).toHaveLength(50);
    expect(refusal({ job_tags: Array(51).fill('PLANNED') })).toEqual(invalid('job_tags'));
  });

  it('a customer may ask only for the statuses they can see', () => {
    expect(parseJobFilter({ job_status: ['QUOTED', 'APPROVED', 'BOOKED', 'IN_PROGRESS', 'COMPLETED'] }, true).job_status).toHaveLength(5);
    expect(refusal({ job_status: 'CANCELLED' }, true)).toEqual(invalid('job_status'));
    expect(refusal({ job_status: ['BOOKED', 'ON_HOLD'] }, true)).toEqual(invalid('job_status'));
    expect(refusal({ job_status: 'CANCELLED' }, false)).toBe('accepted');
    expect(parseJobFilter({ job_tags: 'PLANNED' }, true).job_tags).toEqual(['PLANNED']);
  });

  it('id lists: whole ids from 1 to 2147483647, at most 1000', () => {
    expect(parseJobFilter({ de_id: 3, assigned: [1, 2147483647], engineer: [7] })).toEqual({
      drafts: false,
      de_id: [3],
      assigned: [1, 2147483647],
      engineer: [7],
    });
    for (const bad of [0, -1, 1.5, '3', 2147483648, [1, 'x']]) expect(refusal({ engineer: bad })).toEqual(invalid('engineer'));
    expect(parseJobFilter({ de_id: Array(1000).fill(1) }).de_id).toHaveLength(1000);
    expect(refusal({ de_id: Array(1001).fill(1) })).toEqual(invalid('de_id'));
  });

  it('single ids: client, site and property manager', () => {
    expect(parseJobFilter({ co_id: 1, js_id: 2, pm_id: 3 })).toEqual({ drafts: false, co_id: 1, js_id: 2, pm_id: 3 });
    expect(refusal({ co_id: [1] })).toEqual(invalid('co_id'));
    expect(refusal({ js_id: '2' })).toEqual(invalid('js_id'));
    expect(refusal({ pm_id: 0 })).toEqual(invalid('pm_id'));
  });

  it('drafts must be a boolean', () => {
    expect(parseJobFilter({ drafts: true }).drafts).toBe(true);
    expect(parseJobFilter({ drafts: false }).drafts).toBe(false);
    expect(refusal({ drafts: 'true' })).toEqual(invalid('drafts'));
  });

  it('date bounds: wire dates; a date alone means 12:00 UTC of that day', () => {
    expect(parseJobFilter({ start_from: '2026-01-02', start_to: '2026-01-03 10:30', end_from: '2026-02-01T08:00:00Z', end_to: '2026-02-02 23:59:59' })).toEqual(
      {
        drafts: false,
        start_from: new Date('2026-01-02T12:00:00Z'),
        start_to: new Date('2026-01-03T10:30:00Z'),
        end_from: new Date('2026-02-01T08:00:00Z'),
        end_to: new Date('2026-02-02T23:59:59Z'),
      },
    );
    for (const key of ['start_from', 'start_to', 'end_from', 'end_to']) {
      expect(refusal({ [key]: '02/01/2026' })).toEqual(invalid(key));
      expect(refusal({ [key]: 20260102 })).toEqual(invalid(key));
    }
  });

  it('money bounds: exact 2-decimal text, within ±999 999 999 999', () => {
    expect(parseJobFilter({ net_quote_min: '10', net_quote_max: 99.5, net_sales_min: '-0.005', net_sales_max: '999999999999' })).toEqual({
      drafts: false,
      net_quote_min: '10.00',
      net_quote_max: '99.50',
      net_sales_min: '-0.01',
      net_sales_max: '999999999999.00',
    });
    for (const key of ['net_quote_min', 'net_quote_max', 'net_sales_min', 'net_sales_max']) {
      expect(refusal({ [key]: 'ten' })).toEqual([key, 'Invalid number']);
      expect(refusal({ [key]: '1000000000000' })).toEqual([key, 'Invalid value']);
      expect(refusal({ [key]: '-1000000000000' })).toEqual([key, 'Invalid value']);
    }
  });

  it('an unknown key is refused', () => {
    expect(refusal({ job_desc: 'x' })).toEqual(invalid('job_desc'));
  });

  it("a customer's sheet shows their own jobs only; staff see every job", () => {
    const req = (role: string) => ({ user: { us_id: 9, role }, body: { job_status: 'BOOKED' } }) as unknown as FastifyRequest;
    expect(sheetConditions(req('Customer'))).toEqual({ drafts: false, job_status: ['BOOKED'], customer_us_id: 9 });
    expect(sheetConditions(req('Operator'))).toEqual({ drafts: false, job_status: ['BOOKED'] });
    expect(() => sheetConditions({ user: { us_id: 9, role: 'Customer' }, body: { job_status: 'CANCELLED' } } as unknown as FastifyRequest)).toThrow();
    expect(sheetConditions({ user: null, body: { job_status: 'CANCELLED' } } as unknown as FastifyRequest)).toEqual({
      drafts: false,
      job_status: ['CANCELLED'],
    });
  });
});
