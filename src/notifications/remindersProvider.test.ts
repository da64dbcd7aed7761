import { describe, expect, it } from 'vitest';
import { jsonAnswer, makeClient, sentRequests } from '../dataProvider/testing';
import { remindersProvider } from './remindersProvider';

const env = (data: unknown, totalCount?: number) => ({
  notifications: { data, warning: null, dbErrors: null, metadata: { server_datetime: '', userData: { isLogged: true }, totalCount } },
});

function setup(status = 200, body: unknown = env([{ notif_id: 11 }], 21)) {
  const { client, deps } = makeClient();
  deps.fetch.mockImplementation(async () => jsonAnswer(status, body));
  return { provider: remindersProvider(client), deps };
}

describe('remindersProvider: the reminders on the wire (SPEC.md)', () => {
  it('a page newest first with its total, then seen, flagged and removed', async () => {
    const { provider, deps } = setup();
    await expect(provider.reminders({ types: null, flagged: true, stext: 'copper' }, 2, 20)).resolves.toEqual({ rows: [{ notif_id: 11 }], total: 21 });
    await expect(provider.markRemindersSeen([11])).resolves.toBe(true);
    await expect(provider.flagReminder(11, true)).resolves.toBe(true);
    await expect(provider.removeReminders([11, 10])).resolves.toBe(true);
    expect(sentRequests(deps)).toEqual([
      {
        url: 'notifications/filter?limit=20&pagenumber=2&sort=-created_at&totalcount=1',
        method: 'POST',
        body: { types: null, flagged: true, stext: 'copper' },
      },
      { url: 'notifications/markNotifsAsRendered', method: 'POST', body: { notif_ids: [11] } },
      { url: 'notifications/11/flaggedstatus', method: 'POST', body: { is_flagged: true } },
      { url: 'notifications/removenotifications', method: 'POST', body: { notif_ids: [11, 10] } },
    ]);
  });

  it('answers false when refused; marking as seen fails quietly, the others show why', async () => {
    const refusal = { notifications: { data: null, warning: null, dbErrors: [{ general: 'Not allowed' }], metadata: { server_datetime: '' } } };
    const { provider, deps } = setup(403, refusal);
    await expect(provider.markRemindersSeen([11])).resolves.toBe(false);
    expect(deps.notify).not.toHaveBeenCalled();
    await expect(provider.removeReminders([11])).resolves.toBe(false);
    expect(deps.notify).toHaveBeenCalledWith('error', expect.stringContaining('Not allowed'));
  });
});
