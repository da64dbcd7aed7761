import { describe, expect, it } from 'vitest';
import { checkAddressInput, checkRecipients, parseAddress, parseAddressList, toAddressList } from './addresses';

const a = (address: string) => ({ name: '', address });

describe('mail address checks', () => {
  it('parses names, quotes and separators', () => {
    expect(parseAddress('"Smith, Ann" <ann@x.example>')).toEqual({ name: 'Smith, Ann', address: 'ann@x.example' });
    expect(parseAddressList('"Smith, Ann" <ann@x.example>; bob@y.example,\ncid@z.example')).toEqual([
      { name: 'Smith, Ann', address: 'ann@x.example' },
      a('bob@y.example'),
      a('cid@z.example'),
    ]);
  });

  it('gives the SPEC.md messages word for word', () => {
    expect(checkAddressInput('nope')).toBe('Invalid email format!');
    expect(checkAddressInput('Ann <ann@x.example>')).toBeNull();
    expect(checkRecipients({ to: [] })).toBe('No address');
    expect(checkRecipients({ to: [a('bad')], cc: [a('worse@')] })).toBe('There is no valid email address!');
    expect(checkRecipients({ to: [a('ok@x.example'), a('bad')], bcc: [a('also bad')] })).toBe('Invalid email(s): bad, also bad');
    expect(checkRecipients({ to: [a('ok@x.example')] })).toBeNull();
  });

  it('refuses wire input that is not an address list', () => {
    expect(toAddressList('x@y.example')).toBeNull();
    expect(toAddressList([{ address: 'x@y.example', name: ' X ' }, 'Y <y@y.example>'])).toEqual([{ name: 'X', address: 'x@y.example' }, { name: 'Y', address: 'y@y.example' }]);
    expect(toAddressList([42])).toBeNull();
  });
});
