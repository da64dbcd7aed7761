/** The router's decision without a database: each rule, their order, other brands' numbers, quoted text. */
import { describe, expect, it } from 'vitest';
import type { RoutableMail } from './clues';
import { jobReplyAddress, ownText, plusTags } from './clues';
import { decide, type JobRef, type RoutingFacts } from './decide';

const A: JobRef = { job_id: 1, job_number: 'PLB-000012' };
const B: JobRef = { job_id: 2, job_number: 'PLB-000013' };
const C: JobRef = { job_id: 3, job_number: 'ELE-000007' };

function facts(over: Partial<RoutingFacts> = {}): RoutingFacts {
  return {
    own: new Set(['office@acme.example']),
    brandOwn: new Set(['office@acme.example', 'accounts@acme.example']),
    repliedJobs: new Map([['<sent-a@acme.example>', A]]),
    byNumber: new Map([A, B, C].map((j) => [j.job_number, j])),
    byDocument: new Map([['INV-0042', B]]),
    senderJobs: new Map([
      ['tenant@mail.example', [C]],
      ['agent@lets.example', [A, B]],
    ]),
    partyJobs: new Map([
      ['tenant@mail.example', new Set([3])],
      ['agent@lets.example', new Set([1, 2])],
    ]),
    ...over,
  };
}

function mail(over: Partial<RoutableMail> = {}): RoutableMail {
  return {
    message_id: '<in@x.example>',
    in_reply_to: null,
    mail_references: [],
    mail_subject: 'Hello',
    mail_from: { name: 'Someone', address: 'someone@else.example' },
    mail_to_arr: [{ name: '', address: 'office@acme.example' }],
    mail_cc_arr: [],
    mail_text: 'Hi',
    ...over,
  };
}

describe('decide', () => {
  it('files a reply to a mail of a job there first, before the subject and the sender', () => {
    const d = decide(
      mail({ in_reply_to: '<sent-a@acme.example>', mail_subject: 'Re: PLB-000013', mail_from: { name: '', address: 'tenant@mail.example' } }),
      facts(),
    );
    expect(d).toMatchObject({ job: A, reason: 'reply', params: { job: 'PLB-000012' } });
  });

  it('finds the replied mail through References when In-Reply-To is missing or unknown', () => {
    const d = decide(mail({ in_reply_to: '<unknown@x>', mail_references: ['<sent-a@acme.example>', '<unknown@x>'] }), facts());
    expect(d.reason).toBe('reply');
    expect(d.job).toEqual(A);
  });

  it("files a mail sent to the job's plus-address before the subject's number", () => {
    const to = [{ name: '', address: jobReplyAddress('office@acme.example', 'PLB-000013') }];
    expect(to[0].address).toBe('office+plb-000013@acme.example');
    const d = decide(mail({ mail_to_arr: to, mail_subject: 'About PLB-000012' }), facts());
    expect(d).toMatchObject({ job: B, reason: 'plus_address', params: { job: 'PLB-000013', address: 'office+plb-000013@acme.example' } });
  });

  it("ignores a plus-address on someone else's address", () => {
    expect(plusTags(mail({ mail_to_arr: [{ name: '', address: 'other+plb-000013@acme.example' }] }), new Set(['office@acme.example']))).toEqual([]);
  });

  it('files by a job number in the subject, then by a quote or invoice number, before the sender', () => {
    const byJob = decide(mail({ mail_subject: 'Fwd: Re: boiler at flat 3 (plb-000013)', mail_from: { name: '', address: 'tenant@mail.example' } }), facts());
    expect(byJob).toMatchObject({ job: B, reason: 'subject_number', params: { job: 'PLB-000013' } });
    const byDoc = decide(mail({ mail_subject: 'Remittance for INV-0042', mail_from: { name: '', address: 'agent@lets.example' } }), facts());
    expect(byDoc).toMatchObject({ job: B, reason: 'subject_document', params: { job: 'PLB-000013', document: 'INV-0042' } });
  });

  it("leaves a quote or invoice number from someone not on the job to triage: a supplier's own invoice may carry it", () => {
    const d = decide(mail({ mail_subject: 'Invoice INV-0042 for parts', mail_from: { name: '', address: 'billing@supplier.example' } }), facts());
    expect(d).toMatchObject({ job: null, reason: 'unrouted', suggestions: [{ job_id: 2, job_number: 'PLB-000013', score: 0.5, reason: 'document' }] });
  });

  it("files by a job's reply address on another of the brand's inboxes (the copy of a mail that reached two), not on an outside one", () => {
    const cc = [{ name: '', address: 'accounts@acme.example' }];
    const copy = decide(
      mail({
        mail_to_arr: [{ name: '', address: 'accounts+plb-000013@acme.example' }],
        mail_cc_arr: cc,
        mail_from: { name: '', address: 'tenant@mail.example' },
      }),
      facts(),
    );
    expect(copy).toMatchObject({ job: B, reason: 'plus_address' });
    const outside = decide(mail({ mail_to_arr: [{ name: '', address: 'someone+plb-000013@elsewhere.example' }] }), facts());
    expect(outside).toMatchObject({ job: null, reason: 'unrouted' });
  });

  it("files an Outlook reply with a retyped subject by the subject of the brand's own mail it quotes, not by anyone else's", () => {
    const block = (from: string) =>
      `Fine.\n\n________________________________\nFrom: Office <${from}>\nSent: Tuesday, October 6, 2026 9:12 AM\nSubject: PLB-000012 Boiler service\n\nRegards`;
    const ours = decide(
      mail({ mail_subject: 'RE: this week', mail_text: block('office@acme.example'), mail_from: { name: '', address: 'agent@lets.example' } }),
      facts(),
    );
    expect(ours).toMatchObject({ job: A, reason: 'reply', params: { job: 'PLB-000012' } });
    const theirs = decide(mail({ mail_subject: 'RE: this week', mail_text: block('tenant@flat.example') }), facts());
    expect(theirs).toMatchObject({ job: null, reason: 'unrouted', suggestions: [] });
  });

  it("never matches another brand's number, nor a number only in quoted text", () => {
    const other = decide(mail({ mail_subject: 'Re: XYZ-000012 and PLB-999999', mail_text: 'See XYZ-000012' }), facts());
    expect(other).toMatchObject({ job: null, reason: 'unrouted', suggestions: [] });
    const quoted = decide(mail({ mail_text: 'Thanks!\n\nOn Mon, 2 Nov 2026, Office wrote:\n> Your job PLB-000012 is booked' }), facts());
    expect(quoted).toMatchObject({ job: null, reason: 'unrouted', suggestions: [] });
    expect(ownText('Ok\r\n-----Original Message-----\r\nFrom: x\r\nPLB-000012')).toBe('Ok');
  });

  it('files by a sender with exactly one open job; several make suggestions instead', () => {
    expect(decide(mail({ mail_from: { name: '', address: 'Tenant@Mail.example' } }), facts())).toMatchObject({
      job: C,
      reason: 'sender',
      params: { address: 'tenant@mail.example', job: 'ELE-000007' },
    });
    const two = decide(mail({ mail_from: { name: '', address: 'agent@lets.example' }, mail_text: 'About PLB-000013 please' }), facts());
    expect(two.job).toBeNull();
    expect(two.reason).toBe('unrouted');
    expect(two.suggestions).toEqual([
      { job_id: 2, job_number: 'PLB-000013', score: 0.6, reason: 'body_number' },
      { job_id: 1, job_number: 'PLB-000012', score: 0.2, reason: 'sender' },
    ]);
  });

  it("leaves the account's own unmatched mail out of triage", () => {
    expect(decide(mail({ mail_from: { name: '', address: 'office@acme.example' } }), facts())).toMatchObject({ job: null, reason: 'outgoing' });
  });
});
