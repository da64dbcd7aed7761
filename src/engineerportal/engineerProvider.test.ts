import { describe, expect, it } from 'vitest';
import { jsonAnswer, makeClient, sentRequests } from '../dataProvider/testing';
import { engineerProvider } from './engineerProvider';

const env = (data: unknown, metadata: Record<string, unknown> = {}) => ({
  engineerportal: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, ...metadata } },
});

function setup(data: unknown = {}, metadata: Record<string, unknown> = {}) {
  const { client, deps } = makeClient();
  deps.fetch.mockImplementation(async () => jsonAnswer(200, env(data, metadata)));
  return { provider: engineerProvider(client), sent: () => sentRequests(deps), deps };
}

describe('engineerProvider: the engineer portal on the wire (SPEC.md point 7)', () => {
  it('pages of jobs and notifications, 10 a page, with their totals', async () => {
    const { provider, sent } = setup([{ job_id: 8 }], { totalCount: 11 });
    await expect(provider.engineerJobs({ job_number: 'PLB', job_status_ids: [] }, 2)).resolves.toEqual({ rows: [{ job_id: 8 }], total: 11 });
    await provider.engineerNotifications(1);
    expect(sent()).toEqual([
      { url: 'engineerportal/filter?limit=10&pagenumber=2&totalcount=1', method: 'POST', body: { job_number: 'PLB', job_status_ids: [] } },
      { url: 'engineerportal/notifications?limit=10&pagenumber=1&totalcount=1', method: 'GET', body: undefined },
    ]);
  });

  it('one job: details, costs, saving and locking them, the cost description, flags and a report', async () => {
    const { provider, sent } = setup({});
    await provider.engineerJob(7);
    await provider.engineerCosts(7);
    await provider.engineerSaveCosts(7, [{ jc_id: 1, jc_qty_engineer: '2' }]);
    await provider.engineerLockCosts(7);
    await provider.engineerSaveCostDesc(7, 'Two hours');
    await provider.engineerSetFlag(7, 'issue', true, 'Boiler cupboard locked');
    await provider.engineerSetFlag(7, 'remedial', false, '');
    await provider.engineerReport(7, 'Done', '1.5');
    expect(sent()).toEqual([
      { url: 'engineerportal/7/details', method: 'GET', body: undefined },
      { url: 'engineerportal/7/costs', method: 'GET', body: undefined },
      { url: 'engineerportal/7/costs', method: 'POST', body: { _bulk: [{ jc_id: 1, jc_qty_engineer: '2' }] } },
      { url: 'engineerportal/7/lockcosts', method: 'POST', body: {} },
      { url: 'engineerportal/7/costdesc', method: 'PATCH', body: { costdesc: 'Two hours' } },
      { url: 'engineerportal/7/issue', method: 'POST', body: { job_has_issue: true, note: 'Boiler cupboard locked' } },
      // The client turns an empty note into null (SPEC.md point 8).
      { url: 'engineerportal/7/remedial', method: 'POST', body: { job_has_remedial: false, note: null } },
      { url: 'engineerportal/7/reports', method: 'POST', body: { er_text: 'Done', er_hours: '1.5' } },
    ]);
  });

  it('the site: details, other notes, and notes added and deleted', async () => {
    const { provider, sent } = setup({});
    await provider.engineerSite(3);
    await provider.engineerSaveOtherNotes(3, 'Gate code 9999');
    await provider.engineerSiteNotes(3);
    await provider.engineerAddSiteNote(3, 'Parking at the rear');
    await provider.engineerDeleteSiteNote(3, 1);
    await provider.engineerRemoveNotification(4);
    expect(sent()).toEqual([
      { url: 'engineerportal/jobsitedetails', method: 'POST', body: { js_id: 3 } },
      { url: 'engineerportal/updateOtherNotes?js_id=3', method: 'PATCH', body: { js_other_notes: 'Gate code 9999' } },
      { url: 'engineerportal/jobsitenotes?js_id=3', method: 'GET', body: undefined },
      { url: 'engineerportal/jobsitenotes?js_id=3', method: 'POST', body: { jsn_note: 'Parking at the rear' } },
      { url: 'engineerportal/jobsitenotes/1?js_id=3', method: 'DELETE', body: undefined },
      { url: 'engineerportal/removenotification', method: 'POST', body: { notif_id: 4 } },
    ]);
  });

  it('passes the query signal through, so leaving a screen cancels its request', async () => {
    const { provider, deps } = setup([]);
    const controller = new AbortController();
    await provider.engineerSiteNotes(3, controller.signal);
    expect(deps.fetch.mock.calls[0][1]?.signal).toBe(controller.signal);
  });
});
