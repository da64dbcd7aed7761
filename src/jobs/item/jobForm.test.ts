import { describe, expect, it } from 'vitest';
import { NEW_JOB, addEngineer, checkJob, makeLead, removeEngineer, toJobWrite } from './jobForm';

describe('job form rules', () => {
  it('keeps exactly one lead engineer', () => {
    let list = addEngineer([], 9);
    list = addEngineer(list, 12);
    expect(list).toEqual([
      { us_id: 9, is_lead: true },
      { us_id: 12, is_lead: false },
    ]);
    expect(makeLead(list, 12)).toEqual([
      { us_id: 9, is_lead: false },
      { us_id: 12, is_lead: true },
    ]);
    expect(removeEngineer(list, 9)).toEqual([{ us_id: 12, is_lead: true }]);
  });

  it('needs a department, a site for engineers, and the length limits', () => {
    expect(checkJob(NEW_JOB, false)).toEqual({ de_id: 'validation.required' });
    const withEngineer = { ...NEW_JOB, de_id: 1, engineers: [{ us_id: 9, is_lead: true }] };
    expect(checkJob(withEngineer, false)).toEqual({ engineers: 'jobs.errors.selectSiteFirst' });
    expect(checkJob({ ...withEngineer, js_id: 4, engineers: [{ us_id: 9, is_lead: false }] }, false)).toEqual({ engineers: 'jobs.errors.oneLead' });
    expect(checkJob({ ...NEW_JOB, de_id: 1, job_wopo: 'x'.repeat(101) }, false)).toEqual({ job_wopo: 'validation.max100' });
  });

  it("a customer's save carries the texts only, never the status", () => {
    const v = { ...NEW_JOB, de_id: 1, job_status: 'CANCELLED' as const, job_desc: 'Leak', job_wopo: ' ' };
    expect(toJobWrite(v, true)).toEqual({ job_wopo: null, job_desc: 'Leak', job_details: null });
    expect(toJobWrite(v, false)).toMatchObject({ de_id: 1, job_status: 'CANCELLED', engineers: [], suppliers: [] });
  });
});
