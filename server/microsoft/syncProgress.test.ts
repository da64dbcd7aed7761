import { describe, expect, it } from 'vitest';
import { syncProgress } from './syncProgress';

describe('a Microsoft mailbox’s sync progress', () => {
  it('moves with the mail taken, so a large Inbox synced first does not sit at 0 %', () => {
    // Inbox of 10,000 first, then three small folders.
    const sizes = [10_000, 40, 30, 30];
    expect(syncProgress(sizes, 0, 0)).toBe(0);
    expect(syncProgress(sizes, 0, 2_000)).toBe(19);
    expect(syncProgress(sizes, 0, 5_050)).toBe(50);
    // The Inbox done, the next folder begun: the Inbox counts whole.
    expect(syncProgress(sizes, 1, 0)).toBe(99);
  });

  it('counts a folder no further than its size (a folder that grew while it synced), and never says 100 before the end', () => {
    expect(syncProgress([100, 100], 0, 400)).toBe(50);
    expect(syncProgress([100, 100], 1, 100)).toBe(99);
  });

  it('falls back to the share of folders begun when Graph gave no sizes, and is 0 without folders', () => {
    expect(syncProgress([0, 0, 0, 0], 2, 10)).toBe(50);
    expect(syncProgress([], 0, 0)).toBe(0);
  });
});
