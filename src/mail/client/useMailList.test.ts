import { describe, expect, it } from 'vitest';
import type { MailListRow } from '../../../core/mail/client/types';
import { mergeHead } from './useMailList';

const rows = (...ids: number[]) => ids.map((ma_id) => ({ ma_id }) as MailListRow);
const ids = (list: MailListRow[]) => list.map((r) => r.ma_id);

describe('mergeHead', () => {
  it('puts new mail on top and keeps the older rows already loaded', () => {
    expect(ids(mergeHead(rows(5, 4, 3, 2, 1), rows(7, 6, 5), false))).toEqual([7, 6, 5, 4, 3, 2, 1]);
  });
  it('takes a short head as the whole list', () => {
    expect(ids(mergeHead(rows(5, 4, 3), rows(6, 5), true))).toEqual([6, 5]);
  });
});
