import { describe, expect, it } from 'vitest';
import { baseSubject, baseThreadKey, fallbackThreadKey, plainAddress } from './threadKey';

const mail = (subject: string | null, from: string, to: string[], cc: string[] = []) => ({
  mail_subject: subject,
  mail_from: { address: from },
  mail_to_arr: to.map((address) => ({ address })),
  mail_cc_arr: cc.map((address) => ({ address })),
});

describe('the header-less reply key', () => {
  it('strips reply and forward prefixes of several clients and languages, list tags and case', () => {
    for (const s of [
      'Re: Leak at flat 3',
      'RE: RE: Leak at flat 3',
      'AW: Leak  at flat 3',
      'Fwd: [Tenants] Re: leak at flat 3',
      'Re[2]: Leak at flat 3',
      'Vá: Leak at flat 3',
    ])
      expect(baseSubject(s), s).toBe('leak at flat 3');
    expect(baseSubject(null)).toBe('');
  });

  it('matches an answer to the plus-address with the mail it answers, whichever way it went', () => {
    const sent = mail('Leak at flat 3', 'Office@firm.example', ['tenant@flat.example']);
    const answer = mail('RE: Leak at flat 3', 'tenant@flat.example', ['office+PLB-000012@firm.example']);
    expect(fallbackThreadKey(answer)).not.toBeNull();
    expect(fallbackThreadKey(answer)).toBe(baseThreadKey(sent));
    expect(plainAddress('Office+PLB-000012@Firm.example')).toBe('office@firm.example');
  });

  it('gives no fallback key to a mail that is not a reply, nor joins other people or another subject', () => {
    const first = mail('Invoice', 'a@x.example', ['office@firm.example']);
    expect(fallbackThreadKey(first)).toBeNull();
    const answer = mail('Re: Invoice', 'a@x.example', ['office@firm.example']);
    expect(fallbackThreadKey(answer)).toBe(baseThreadKey(first));
    expect(fallbackThreadKey(mail('Re: Invoice', 'b@x.example', ['office@firm.example']))).not.toBe(baseThreadKey(first));
    expect(fallbackThreadKey(mail('Re: Invoice 2', 'a@x.example', ['office@firm.example']))).not.toBe(baseThreadKey(first));
    expect(fallbackThreadKey(mail('Re:', 'a@x.example', ['office@firm.example']))).toBeNull();
  });
});
