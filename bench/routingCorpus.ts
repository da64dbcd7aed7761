/**
 * The routing benchmark's corpus (bench/mailRouting.ts): raw RFC 5322 mails with known answers,
 * built from a fixed seed so every run reads the same mails. Each mail says which of the brand's
 * jobs it belongs to (none for mail about no job of the brand) and which kind of mail it is, so
 * the confusion table can show where the router files wrongly or not at all.
 */

/** A job as the corpus knows it: its number and the people who write about it. */
export interface CorpusJob {
  number: string;
  open: boolean;
  client: string;
  /** The outgoing mail of the job a reply can answer (stored linked to the job before the corpus). */
  sentId: string;
  sentSubject: string;
  invoice: string | null;
}

export interface CorpusMail {
  kind: string;
  raw: string;
  /** The jobs the mail is about (a mail about several jobs is right in either); empty: none of the brand's. */
  truth: string[];
  /** The accounts it reaches (the second: the same mail in a second shared inbox). */
  inboxes: ('a' | 'b')[];
}

export const OFFICE = 'office@bench-routing.example';
export const ACCOUNTS = 'accounts@bench-routing.example';
export const PREFIX = 'RTB';
/** A letting agency's shared desk: on no job, forwards and answers about many. */
const DESK = 'desk@letting.example';
const OTHER_PREFIXES = ['ELX', 'GAS', 'RTBX'];

/** mulberry32: a small seeded generator, so the corpus is the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS = ['Boiler service', 'Leaking tap', 'Access on Tuesday', 'Radiator noise', 'Gutter repair', 'Quote follow-up', 'Key collection'];
const pad = (n: number) => String(n).padStart(6, '0');

/**
 * The brand's jobs and people: `jobs` jobs; most clients have one open job, every fifth client is
 * a managing agent with three jobs, and every tenth job is completed (its client has a new open job
 * after it, and still writes about the finished one now and then).
 */
export function corpusJobs(jobs: number): CorpusJob[] {
  const out: CorpusJob[] = [];
  let client = 0;
  for (let i = 1; i <= jobs;) {
    client += 1;
    const agent = client % 5 === 0;
    // A finished job's client has a new open job after it.
    const count = agent ? 3 : i % 10 === 0 ? 2 : 1;
    for (let k = 0; k < count && i <= jobs; k += 1, i += 1) {
      const number = `${PREFIX}-${pad(i)}`;
      out.push({
        number,
        open: i % 10 !== 0,
        client: agent ? `agent${client}@letting.example` : `client${client}@home.example`,
        sentId: `<job-${i}-sent@bench-routing.example>`,
        sentSubject: `${number} ${TOPICS[i % TOPICS.length]}`,
        invoice: i % 4 === 0 ? `INV-${5000 + i}` : null,
      });
    }
  }
  return out;
}

interface Parts {
  from: string;
  to?: string;
  cc?: string;
  subject: string;
  text: string;
  inReplyTo?: string;
  outlook?: boolean;
}

let sequence = 0;
function raw(p: Parts): string {
  sequence += 1;
  const headers = [
    `From: ${p.from}`,
    `To: ${p.to ?? OFFICE}`,
    ...(p.cc ? [`Cc: ${p.cc}`] : []),
    `Subject: ${p.subject}`,
    `Message-ID: <corpus-${sequence}@${p.from.split('@')[1]}>`,
    `Date: ${new Date(Date.UTC(2026, 9, 1) + sequence * 60_000).toUTCString()}`,
    ...(p.inReplyTo ? [`In-Reply-To: ${p.inReplyTo}`, `References: ${p.inReplyTo}`] : []),
    // Outlook keeps its own thread headers and drops In-Reply-To when it answers a mail it did not thread.
    ...(p.outlook ? ['Thread-Topic: reply', 'Thread-Index: AQHZbench', 'X-Mailer: Microsoft Outlook 16.0'] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
  ];
  return [...headers, '', p.text, ''].join('\r\n');
}

const gmailQuote = (job: CorpusJob) => `On Tue, 6 Oct 2026 at 09:12, Office <${OFFICE}> wrote:\n> About ${job.sentSubject}.\n> Kind regards, the office`;
const outlookQuote = (job: CorpusJob) =>
  `________________________________\nFrom: Office <${OFFICE}>\nSent: Tuesday, October 6, 2026 9:12 AM\nTo: ${job.client}\nSubject: ${job.sentSubject}\n\nKind regards, the office`;
const forwarded = (job: CorpusJob) =>
  `---------- Forwarded message ---------\nFrom: Tenant <tenant@flat.example>\nSubject: ${job.number} still broken\n\nIt is still not fixed.`;

/** One generator per kind of mail; each returns the mail's parts and the jobs it is about. */
type Maker = (job: CorpusJob, other: CorpusJob, rnd: () => number) => { parts: Parts; truth: string[]; inboxes?: ('a' | 'b')[] };

const MAKERS: Record<string, { share: number; make: Maker }> = {
  // A reply that kept its headers, quoting the job's mail (and so its number).
  reply_headers: {
    share: 22,
    make: (job) => ({
      parts: { from: job.client, subject: `Re: ${job.sentSubject}`, text: `Tuesday suits us.\n\n${gmailQuote(job)}`, inReplyTo: job.sentId },
      truth: [job.number],
    }),
  },
  // A client whose mail program dropped the headers: the job's Reply-To brings the answer back.
  reply_plus: {
    share: 12,
    make: (job) => ({
      parts: {
        from: job.client,
        to: `office+${job.number.toLowerCase()}@bench-routing.example`,
        subject: `Re: ${TOPICS[0]}`,
        text: `Done, thanks.\n\n${gmailQuote(job)}`,
      },
      truth: [job.number],
    }),
  },
  // Outlook's reply: no reply headers, "RE:" and the number kept in the subject, the quote as a From/Sent block.
  outlook_reply: {
    share: 10,
    make: (job) => ({
      parts: { from: job.client, subject: `RE: ${job.sentSubject}`, text: `Confirmed.\n\n${outlookQuote(job)}`, outlook: true },
      truth: [job.number],
    }),
  },
  // Outlook's reply with the subject retyped: the job's number only in the quote, from a shared desk on no job.
  outlook_retitled: {
    share: 2,
    make: (job, other) => ({
      parts: { from: DESK, subject: 'RE: this week', text: `See below.\n\n${outlookQuote(job)}\n${other.number}`, outlook: true },
      truth: [job.number],
    }),
  },
  // A managing agent forwards a tenant's complaint with the number in the subject.
  forward_subject: {
    share: 6,
    make: (job) => ({ parts: { from: DESK, subject: `Fwd: ${job.number} complaint`, text: `Please look at this.\n\n${forwarded(job)}` }, truth: [job.number] }),
  },
  // A forward whose own text names the job: a suggestion, not a filing.
  forward_own_text: {
    share: 1.5,
    make: (job) => ({
      parts: { from: DESK, subject: 'FW: complaint', text: `This is about ${job.number}, see below.\n\n${forwarded(job)}` },
      truth: [job.number],
    }),
  },
  // Another brand's job numbers (one shares this brand's prefix as its start).
  other_brand: {
    share: 6,
    make: (job, _other, rnd) => {
      const prefix = OTHER_PREFIXES[Math.floor(rnd() * OTHER_PREFIXES.length)];
      return {
        parts: { from: `someone${Math.floor(rnd() * 50)}@elsewhere.example`, subject: `Re: ${prefix}-${job.number.slice(4)} booking`, text: 'Booked.' },
        truth: [],
      };
    },
  },
  // A supplier's own invoice: Xero numbers every brand's invoices INV-…, so the number may be one of ours.
  supplier_invoice: {
    share: 3,
    make: (job) => ({
      parts: { from: 'billing@supplier.example', subject: `Invoice ${job.invoice} for parts`, text: 'Please find our invoice attached.' },
      truth: [],
    }),
  },
  // The client answers the brand's invoice.
  client_invoice_reply: {
    share: 3,
    make: (job) => ({
      parts: { from: job.client, subject: `Re: Invoice ${job.invoice} from Bench Plumbing`, text: 'Paid today.' },
      truth: [job.number],
    }),
  },
  // A new mail quoting an older one: the number is only in the quote.
  quoted_only: {
    share: 1.5,
    make: (job) => ({ parts: { from: DESK, subject: 'One more thing', text: `Also the gate.\n\n> ${job.sentSubject}\n> Kind regards` }, truth: [job.number] }),
  },
  // A tenant or client with one open job writes without any number.
  sender_single: {
    share: 16,
    make: (job) => ({ parts: { from: job.client, subject: TOPICS[2], text: 'Someone will be in all day.' }, truth: [job.number] }),
  },
  // A managing agent of several open jobs writes without any number.
  sender_multi: {
    share: 2.5,
    make: (job) => ({ parts: { from: 'agent20@letting.example', subject: TOPICS[5], text: 'Any news?' }, truth: [job.number] }),
  },
  // A first mail from someone unknown naming the job in its own text.
  body_number: {
    share: 1.5,
    make: (job) => ({
      parts: { from: 'neighbour@street.example', subject: 'Your van', text: `Your van for ${job.number} blocks my drive.` },
      truth: [job.number],
    }),
  },
  // Mail about no job: newsletters, enquiries.
  no_job: {
    share: 6,
    make: (_job, _other, rnd) => ({
      parts: { from: `news${Math.floor(rnd() * 20)}@vendor.example`, subject: 'October offers on valves 15-22mm', text: 'Order code VX-2200 is on offer.' },
      truth: [],
    }),
  },
  // One mail naming two jobs.
  two_numbers: {
    share: 1,
    make: (job, other) => ({
      parts: { from: job.client, subject: `${job.number} and ${other.number}`, text: 'Both on Friday?' },
      truth: [job.number, other.number],
    }),
  },
  // A finished job's client answers through its Reply-To, copying the accounts inbox: the same mail in two shared inboxes.
  two_inboxes: {
    share: 4,
    make: (job) => ({
      parts: {
        from: job.client,
        to: `office+${job.number.toLowerCase()}@bench-routing.example`,
        cc: ACCOUNTS,
        subject: 'Re: your visit',
        text: 'One more question.',
      },
      truth: [job.number],
      inboxes: ['a', 'b'],
    }),
  },
};

/**
 * `size` mails in the shares above. Mails about a finished job come only where a client really
 * writes about one (the reply kinds); the sender-only kinds pick a client's open job.
 */
export function corpusMails(jobs: CorpusJob[], size: number): CorpusMail[] {
  const rnd = random(30);
  sequence = 0;
  const total = Object.values(MAKERS).reduce((s, m) => s + m.share, 0);
  const single = jobs.filter((j) => j.open && j.client.startsWith('client') && jobs.filter((k) => k.client === j.client && k.open).length === 1);
  const invoiced = jobs.filter((j) => j.invoice);
  const out: CorpusMail[] = [];
  for (const [kind, { share, make }] of Object.entries(MAKERS)) {
    const count = Math.round((size * share) / total);
    for (let i = 0; i < count; i += 1) {
      const pool =
        kind === 'sender_single'
          ? single
          : kind === 'two_inboxes'
            ? jobs.filter((j) => !j.open)
            : kind.endsWith('_invoice') || kind === 'client_invoice_reply'
              ? invoiced
              : jobs;
      const job = pool[Math.floor(rnd() * pool.length)];
      const agentJobs = kind === 'sender_multi' ? jobs.filter((j) => j.client === 'agent20@letting.example') : [];
      const chosen = agentJobs.length ? agentJobs[i % agentJobs.length] : job;
      const other = jobs[Math.floor(rnd() * jobs.length)];
      const { parts, truth, inboxes } = make(chosen, other, rnd);
      out.push({ kind, raw: raw(parts), truth, inboxes: inboxes ?? ['a'] });
    }
  }
  return out;
}
