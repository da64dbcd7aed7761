import { describe, expect, it } from 'vitest';
import { MESSAGES } from './allMessages';
import { createI18nProvider, i18n } from './i18nProvider';
import { LOCALES } from '../../core/i18n/locales';

const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree !== 'object' || tree === null) return [[prefix, String(tree)]];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

/** Our messages that print a count ({{count}}); react-admin's own texts are its business. */
const countMessages = (locale: (typeof LOCALES)[number]) =>
  leaves(MESSAGES[locale]).filter(([key, text]) => !key.startsWith('ra.') && /\{\{\s*count\s*\}\}/.test(text));

describe('plural forms (issue 27)', () => {
  it.each(LOCALES)('%s: every message with a count is a plural form, with every form the language needs', (locale) => {
    const messages = countMessages(locale);
    expect(messages.length).toBeGreaterThan(20);
    expect(messages.filter(([key]) => !PLURAL.test(key)).map(([key]) => key)).toEqual([]);
    const keys = new Set(leaves(MESSAGES[locale]).map(([key]) => key));
    const bases = new Set(messages.map(([key]) => key.replace(PLURAL, '')));
    const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
    const missing = [...bases].flatMap((base) => needed.filter((form) => !keys.has(`${base}_${form}`)).map((form) => `${base}_${form}`));
    expect(missing).toEqual([]);
  });

  it('the same count messages exist in every locale', () => {
    const bases = (locale: (typeof LOCALES)[number]) => [...new Set(countMessages(locale).map(([key]) => key.replace(PLURAL, '')))].sort();
    expect(bases('en-GB')).toEqual(bases('en-US'));
    expect(bases('hu-HU')).toEqual(bases('en-US'));
  });

  it('one job, one mail and one file read in the singular; two in the plural', async () => {
    const provider = await createI18nProvider();
    await provider.changeLocale('en-GB');
    expect(i18n.t('jobs.sheet.total', { count: 1 })).toBe('1 job');
    expect(i18n.t('jobs.sheet.total', { count: 2 })).toBe('2 jobs');
    expect(i18n.t('mailSettings.fields.mails', { count: 1 })).toBe('1 mail');
    expect(i18n.t('files.selectedFiles', { count: 1, size: '10 B' })).toBe('1 file, 10 B');
    await provider.changeLocale('hu-HU');
    expect(i18n.t('jobs.sheet.total', { count: 2 })).toBe('2 munka');
    await provider.changeLocale('en-US');
  });
});
