import { describe, expect, it } from 'vitest';
import { parseBrandConfigText, validateBrandConfig } from './configSchema';
import { domainProblems, isValidDomainName } from './domains';
import { allFeatures, DEFAULT_IMAGES } from './types';

describe('brand configuration schema', () => {
  it('accepts a full and a partial configuration', () => {
    expect(
      validateBrandConfig({ name: 'X', apiUrl: '/api', features: allFeatures(true), images: DEFAULT_IMAGES, customSettings: { visibleName: 'X' } }),
    ).toEqual([]);
    expect(validateBrandConfig({ features: { job: { xero: false } } })).toEqual([]);
    expect(validateBrandConfig({})).toEqual([]);
  });

  it('names unknown keys and wrong types by path', () => {
    const issues = validateBrandConfig({ features: { job: { xeroo: true, dext: 'yes' } }, maxMailSizeMB: -1, colour: 'red' });
    const paths = issues.map((i) => i.path).sort();
    expect(paths).toEqual(['colour', 'features.job.dext', 'features.job.xeroo', 'maxMailSizeMB']);
    expect(issues.every((i) => i.message === 'Invalid value')).toBe(true);
  });

  it('refuses anything but an object, and reports JSON syntax errors', () => {
    expect(validateBrandConfig([])).toHaveLength(1);
    expect(parseBrandConfigText('{ nope').issues).toHaveLength(1);
    expect(parseBrandConfigText('').value).toEqual({});
  });
});

describe('brand domains', () => {
  it('checks name and type', () => {
    expect(isValidDomainName('demo.localhost')).toBe(true);
    expect(isValidDomainName('127.0.0.1')).toBe(true);
    expect(isValidDomainName('Upper.test')).toBe(false);
    expect(isValidDomainName('-bad.test')).toBe(false);
    expect(
      domainProblems([
        { d_type: 'primary', d_name: 'a.test' },
        { d_type: 'main' as never, d_name: 'b.test' },
      ]),
    ).toEqual({ rows: [1], primaryCount: 1 });
  });
});
