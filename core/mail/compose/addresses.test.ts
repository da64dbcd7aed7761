import { describe, expect, it } from 'vitest';
import { ADDRESS_MESSAGES, checkAddressInput, checkRecipients, formatAddress, isValidEmail, parseAddress, parseAddressList, toAddressList } from './addresses';

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
    expect(toAddressList([{ address: 'x@y.example', name: ' X ' }, 'Y <y@y.example>'])).toEqual([
      { name: 'X', address: 'x@y.example' },
      { name: 'Y', address: 'y@y.example' },
    ]);
    expect(toAddressList([42])).toBeNull();
  });
});

describe('isValidEmail: one @, no spaces, a dot in the domain (SPEC.md point 5)', () => {
  it.each(['ann@x.example', 'ann.smith+tag@mail.x.example', '  ann@x.example  ', 'a@b.c'])('accepts %j', (address) => {
    expect(isValidEmail(address)).toBe(true);
  });

  it.each([
    ['an address with a space', 'ann smith@x.example'],
    ['a space in the domain', 'ann@x .example'],
    ['a tab', 'ann\t@x.example'],
    ['text before it', 'text ann@x.example'],
    ['text after it', 'ann@x.example text'],
    ['junk glued before the local part', '<ann@x.example'],
    ['junk glued after the domain', 'ann@x.example>'],
    ['no @', 'ann.x.example'],
    ['two @', 'ann@b@x.example'],
    ['nothing before the @', '@x.example'],
    ['no dot in the domain', 'ann@example'],
    ['nothing after the dot', 'ann@x.'],
    ['nothing between @ and dot', 'ann@.example'],
    ['a comma', 'ann,bob@x.example'],
    ['a semicolon', 'ann@x;y.example'],
    ['a colon', 'ann:@x.example'],
    ['a quote', 'a"nn@x.example'],
    ['brackets', 'ann@x.[example]'],
    ['parentheses', 'ann(x)@x.example'],
    ['an empty text', ''],
  ])('refuses %s', (_, address) => {
    expect(isValidEmail(address)).toBe(false);
  });

  it('accepts 254 characters and refuses more', () => {
    const at254 = `${'a'.repeat(254 - '@x.example'.length)}@x.example`;
    expect(at254).toHaveLength(254);
    expect(isValidEmail(at254)).toBe(true);
    expect(isValidEmail(`a${at254}`)).toBe(false);
  });
});

describe('parsing typed entries', () => {
  it('reads a bare address, a named one and a quoted name', () => {
    expect(parseAddress('  ann@x.example ')).toEqual(a('ann@x.example'));
    expect(parseAddress(' Ann Smith  < ann@x.example > ')).toEqual({ name: 'Ann Smith', address: 'ann@x.example' });
    expect(parseAddress('" Ann "<ann@x.example>')).toEqual({ name: 'Ann', address: 'ann@x.example' });
    expect(parseAddress('<ann@x.example>')).toEqual(a('ann@x.example'));
    expect(parseAddress('Ann "the boss" <ann@x.example>')).toEqual({ name: 'Ann "the boss"', address: 'ann@x.example' });
    expect(parseAddress('Ann <ann@x.example> later')).toEqual(a('Ann <ann@x.example> later'));
    expect(parseAddress('Ann <a<b>')).toEqual({ name: 'Ann <a', address: 'b' });
    // quotes are taken off only when they wrap the whole name
    expect(parseAddress('"Ann" Smith <ann@x.example>')).toEqual({ name: '"Ann" Smith', address: 'ann@x.example' });
  });

  it('splits on a comma, a semicolon or a new line alone, keeps separators inside quotes and drops blank entries', () => {
    expect(parseAddressList('ann@x.example\nbob@y.example')).toEqual([a('ann@x.example'), a('bob@y.example')]);
    expect(parseAddressList('ann@x.example;bob@y.example')).toEqual([a('ann@x.example'), a('bob@y.example')]);
    expect(parseAddressList('ann@x.example,bob@y.example')).toEqual([a('ann@x.example'), a('bob@y.example')]);
    expect(parseAddressList('"Doe; John, Jr" <j@x.example>, , ;\n')).toEqual([{ name: 'Doe; John, Jr', address: 'j@x.example' }]);
    expect(parseAddressList('ann@x.example bob@y.example')).toEqual([a('ann@x.example bob@y.example')]);
    expect(parseAddressList('')).toEqual([]);
    expect(parseAddressList(' ,; ')).toEqual([]);
  });

  it('checks one typed entry by its address part', () => {
    expect(checkAddressInput('Ann <not an address>')).toBe(ADDRESS_MESSAGES.format);
    expect(checkAddressInput('  ann@x.example  ')).toBeNull();
    expect(checkAddressInput('')).toBe('Invalid email format!');
  });
});

describe('checkRecipients (SPEC.md point 5 messages)', () => {
  it("gives 'No address' when every recipient is blank", () => {
    expect(checkRecipients({ to: [a(''), a('   ')], cc: [a(' ')], bcc: [] })).toBe('No address');
    expect(checkRecipients({ to: [], cc: [], bcc: [] })).toBe(ADDRESS_MESSAGES.none);
  });

  it('ignores blank entries next to real ones', () => {
    expect(checkRecipients({ to: [a(''), a('ann@x.example')] })).toBeNull();
    expect(checkRecipients({ to: [a(' '), a('bad')] })).toBe('There is no valid email address!');
  });

  it('counts cc and bcc recipients as recipients', () => {
    expect(checkRecipients({ to: [], cc: [a('ann@x.example')] })).toBeNull();
    expect(checkRecipients({ to: [], bcc: [a('ann@x.example')] })).toBeNull();
    expect(checkRecipients({ to: [], bcc: [a('bad')] })).toBe('There is no valid email address!');
    expect(checkRecipients({ to: [a('ann@x.example')], cc: [a('bad')] })).toBe('Invalid email(s): bad');
  });

  it('lists the invalid addresses trimmed, in order, after the valid ones are taken out', () => {
    expect(checkRecipients({ to: [a(' bad1 '), a('ann@x.example')], cc: [a('bad2')], bcc: [a('bob@y.example')] })).toBe('Invalid email(s): bad1, bad2');
  });
});

describe('formatAddress and wire input', () => {
  it("prints 'Name <address>' or the bare address", () => {
    expect(formatAddress({ name: 'Ann', address: 'ann@x.example' })).toBe('Ann <ann@x.example>');
    expect(formatAddress(a('ann@x.example'))).toBe('ann@x.example');
  });

  it('turns absent input into an empty list and cleans each entry', () => {
    expect(toAddressList(undefined)).toEqual([]);
    expect(toAddressList(null)).toEqual([]);
    expect(toAddressList([])).toEqual([]);
    expect(toAddressList([{ address: ' ann@x.example ' }])).toEqual([a('ann@x.example')]);
    expect(toAddressList([{ address: 'ann@x.example', name: 7 }])).toEqual([a('ann@x.example')]);
    expect(toAddressList(['Ann <ann@x.example>'])).toEqual([{ name: 'Ann', address: 'ann@x.example' }]);
  });

  it('refuses lists holding anything that is not an address', () => {
    expect(toAddressList({ address: 'ann@x.example' })).toBeNull();
    expect(toAddressList([null])).toBeNull();
    expect(toAddressList([{ name: 'Ann' }])).toBeNull();
    expect(toAddressList([{ address: 5 }])).toBeNull();
    expect(toAddressList([a('ann@x.example'), 3])).toBeNull();
  });
});
