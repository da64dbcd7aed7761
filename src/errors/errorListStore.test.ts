import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addError, clearErrors, errorCounter, errorList, MAX_STORED_ERRORS, reloadErrors, resetErrorCounter } from './errorListStore';
import { copyErrorEntry, errorClipboardText } from './clipboardText';

const KEY = 'system-last-errors';

describe('error list storage', () => {
  beforeEach(() => {
    clearErrors();
  });

  it('stores entries newest first under system-last-errors with the spec fields', () => {
    addError({ url: '/api/a', msg: 'First', dbErrors: null }, new Date('2026-11-21T10:00:00Z'));
    addError({ url: '/api/b', warning: 'Careful', dbErrors: [{ error: 'X', primary: 'p', details: 'd', general: 'g' }] });
    const stored = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    expect(stored).toHaveLength(2);
    expect(stored[0]).toEqual({
      id: expect.any(String),
      msg: null,
      warning: 'Careful',
      url: '/api/b',
      datetime: expect.any(String),
      dbErrors: [{ error: 'X', primary: 'p', details: 'd', general: 'g' }],
    });
    expect(stored[1]).toMatchObject({ msg: 'First', url: '/api/a', datetime: '2026-11-21T10:00:00.000Z', warning: null });
    expect(errorList.get()).toEqual(stored);
  });

  it(`keeps only the newest ${MAX_STORED_ERRORS}`, () => {
    for (let i = 0; i < MAX_STORED_ERRORS + 5; i++) addError({ url: `/u/${i}`, msg: `m${i}` });
    const list = errorList.get();
    expect(list).toHaveLength(MAX_STORED_ERRORS);
    expect(list[0].url).toBe(`/u/${MAX_STORED_ERRORS + 4}`);
  });

  it('counts new errors and raises the flag only for real errors', () => {
    addError({ url: '/w', warning: 'just a warning' });
    expect(errorCounter.get()).toEqual({ count: 1, flag: false });
    addError({ url: '/e', msg: 'failure' });
    expect(errorCounter.get()).toEqual({ count: 2, flag: true });
    resetErrorCounter();
    expect(errorCounter.get()).toEqual({ count: 0, flag: false });
    expect(errorList.get()).toHaveLength(2);
  });

  it('clear-all empties the list and resets count and flag', () => {
    addError({ url: '/e', msg: 'failure' });
    clearErrors();
    expect(errorList.get()).toEqual([]);
    expect(JSON.parse(window.localStorage.getItem(KEY) ?? 'null')).toEqual([]);
    expect(errorCounter.get()).toEqual({ count: 0, flag: false });
  });

  it('survives a corrupt stored value', () => {
    window.localStorage.setItem(KEY, '{oops');
    reloadErrors();
    expect(errorList.get()).toEqual([]);
    addError({ url: '/x', msg: 'again' });
    expect(errorList.get()).toHaveLength(1);
  });
});

describe('copying an entry', () => {
  const entry = {
    id: '1',
    msg: 'Field is required!',
    warning: 'Heads up',
    url: '/api/departments/create',
    datetime: '2026-11-21T10:00:00.000Z',
    dbErrors: [{ error: 'VALIDATION', primary: 'Field is required!', details: 'de_name', general: null }],
  };

  it('puts url, time, message, warning and db details on the clipboard', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    await expect(copyErrorEntry(entry, { writeText })).resolves.toBe('copied');
    const text = writeText.mock.calls[0][0] as string;
    expect(text).toBe(errorClipboardText(entry));
    for (const part of ['/api/departments/create', '2026-11-21T10:00:00.000Z', 'Field is required!', 'Heads up', 'de_name', 'VALIDATION']) {
      expect(text).toContain(part);
    }
  });

  it('reports an error state when the clipboard refuses or is missing', async () => {
    await expect(copyErrorEntry(entry, { writeText: vi.fn().mockRejectedValue(new Error('denied')) })).resolves.toBe('error');
    await expect(copyErrorEntry(entry, undefined)).resolves.toBe('error');
  });
});
