import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import enUS from '../../core/i18n/en-US';
import enGB from './en-GB';
import huHU from './hu-HU';
import raHungarian from './ra-hu-HU';
import { MESSAGES } from './allMessages';
import { FEATURE_MESSAGES } from '../../core/i18n/featureMessages';
import { createI18nProvider, translate } from './i18nProvider';
import { RESOURCES } from '../../core/resources/definitions';
import { choiceKey } from '../../core/resources/engine/choices';

function leafKeys(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([key, value]) => leafKeys(value, prefix ? `${prefix}.${key}` : key));
}

function leafValues(tree: unknown): unknown[] {
  if (typeof tree !== 'object' || tree === null) return [tree];
  return Object.values(tree).flatMap(leafValues);
}

describe('i18n key parity', () => {
  const source = leafKeys(enUS).sort();

  it.each([
    ['en-GB', enGB],
    ['hu-HU', huHU],
  ])('%s has every key of en-US and no other', (_, messages) => {
    expect(leafKeys(messages).sort()).toEqual(source);
    expect(leafValues(messages).every((v) => typeof v === 'string' && v.length > 0)).toBe(true);
  });

  it.each(FEATURE_MESSAGES.map((feature, i) => [i, feature] as const))('feature message set %i has the same keys in every locale', (_, feature) => {
    const us = leafKeys(feature['en-US']).sort();
    expect(leafKeys(feature['en-GB']).sort()).toEqual(us);
    expect(leafKeys(feature['hu-HU']).sort()).toEqual(us);
  });

  it('Hungarian react-admin texts cover every react-admin key', () => {
    expect(leafKeys(raHungarian).sort()).toEqual(leafKeys(englishMessages).sort());
  });

  it('names every value of every generic select field that has choice labels, in every locale', () => {
    const keys = RESOURCES.flatMap((def) => def.fields.filter((f) => f.choiceLabels).flatMap((f) => (f.choices ?? []).map((c) => choiceKey(f, c))));
    expect(keys.length).toBeGreaterThan(10);
    for (const locale of ['en-US', 'en-GB', 'hu-HU'] as const) {
      const missing = keys.filter((key) => typeof translateIn(MESSAGES[locale], key) !== 'string');
      expect(missing, locale).toEqual([]);
    }
    expect(translateIn(MESSAGES['hu-HU'], 'choices.siteContactType.TENANT')).toBe('Bérlő');
  });

  it('the merged trees of all locales have the same keys', () => {
    const us = leafKeys(MESSAGES['en-US']).sort();
    expect(leafKeys(MESSAGES['en-GB']).sort()).toEqual(us);
    expect(leafKeys(MESSAGES['hu-HU']).sort()).toEqual(us);
  });

  it('hu-HU is really translated, not a copy', () => {
    const same = source.filter((key) => key.startsWith('pages.') && translateIn(huHU, key) === translateIn(enUS, key));
    // Proper names may legitimately match ('Google Drive').
    expect(same.length).toBeLessThan(3);
  });

  it('switches language at once and keeps server texts with a colon whole', async () => {
    const provider = await createI18nProvider();
    expect(provider.translate('notFound.text')).toBe('Oops. Nothing here...');
    await provider.changeLocale('hu-HU');
    expect(translate('notFound.text')).toBe('Hoppá. Itt nincs semmi...');
    expect(provider.translate('ra.action.save')).toBe('Mentés');
    await provider.changeLocale('en-GB');
    expect(translate('resources.departments.fields.de_color')).toBe('Colour');
    await provider.changeLocale('en-US');
    expect(translate('Name: Field is required!')).toBe('Name: Field is required!');
    expect(translate('notAllowed.page', { name: 'Users' })).toBe('Page: Users');
  });
});

function translateIn(tree: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], tree);
}
