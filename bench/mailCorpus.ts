/**
 * Realistic mail for the mail bench, written straight into a Dovecot user's maildir before its
 * first login (Dovecot gives the files UIDs when it first looks): sizes from 2 to 60 KB, a third
 * HTML with a plain-text part, one in eight with a small PDF attachment, and threads of replies.
 * A seeded generator makes every run see the same mail.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const WORDS = (
  'boiler radiator tenancy inspection invoice quote leak roof gutter survey access keys contractor ' +
  'schedule tuesday morning afternoon plumber electrician certificate gas safety landlord tenant ' +
  'damp mould window repair replacement parts approval estimate deposit photos attached please ' +
  'confirm arrange visit urgent thanks regards kitchen bathroom ceiling stairs hallway garden fence'
).split(' ');
const PEOPLE = [
  'Amelia Smith',
  'Oliver Jones',
  'Isla Brown',
  'Harry Taylor',
  'Ava Wilson',
  'Jack Davies',
  'Mia Evans',
  'Noah Thomas',
  'Emily Roberts',
  'Leo Walker',
];
const TOPICS = [
  'Boiler service',
  'Roof leak at Mill Lane',
  'Quarterly inspection',
  'Invoice 4471',
  'Gas safety certificate',
  'Damp in bedroom',
  'Key collection',
  'Window replacement quote',
];

/** Small deterministic PRNG (mulberry32): the same corpus every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function paragraphs(rnd: () => number, bytes: number): string[] {
  const out: string[] = [];
  let size = 0;
  while (size < bytes) {
    const words = Array.from({ length: 40 + Math.floor(rnd() * 60) }, () => WORDS[Math.floor(rnd() * WORDS.length)]);
    const p = words.join(' ').replace(/^./, (c) => c.toUpperCase()) + '.';
    out.push(p);
    size += p.length + 2;
  }
  return out;
}

const address = (name: string) => `${name} <${name.toLowerCase().replace(' ', '.')}@example.co.uk>`;
const wrap = (b64: string) => b64.replace(/.{76}/g, '$&\r\n');

export interface CorpusMail {
  raw: Buffer;
  flags: string;
}

/** `count` mails of one mailbox; `tag` keeps Message-IDs of different mailboxes apart. */
export function* corpus(count: number, tag: string, seed = 1): Generator<CorpusMail> {
  const rnd = random(seed);
  const threadRoots: { id: string; subject: string }[] = [];
  for (let i = 0; i < count; i++) {
    // Log-uniform between 2 and 60 KB: many small mails, a few large ones.
    const target = Math.round(2048 * Math.pow(30, rnd()));
    const from = PEOPLE[Math.floor(rnd() * PEOPLE.length)];
    const id = `<${tag}.${i}@bench.example>`;
    const reply = threadRoots.length > 0 && rnd() < 0.4 ? threadRoots[Math.floor(rnd() * threadRoots.length)] : null;
    const subject = reply ? `Re: ${reply.subject}` : `${TOPICS[Math.floor(rnd() * TOPICS.length)]} #${i}`;
    if (!reply) threadRoots.push({ id, subject });
    if (threadRoots.length > 200) threadRoots.shift();
    const date = new Date(Date.UTC(2026, 0, 1) + i * 3_600_000);
    const headers = [
      `Return-Path: <${from.toLowerCase().replace(' ', '.')}@example.co.uk>`,
      `Received: from mx.example.co.uk (mx.example.co.uk [192.0.2.${i % 250}]) by mail.bench.example with ESMTPS id ${i.toString(36)}; ${date.toUTCString()}`,
      `From: ${address(from)}`,
      `To: Office <office@bench.example>`,
      ...(rnd() < 0.3 ? [`Cc: ${address(PEOPLE[Math.floor(rnd() * PEOPLE.length)])}`] : []),
      `Subject: ${subject}`,
      `Date: ${date.toUTCString()}`,
      `Message-ID: ${id}`,
      ...(reply ? [`In-Reply-To: ${reply.id}`, `References: ${reply.id}`] : []),
      'MIME-Version: 1.0',
    ];
    const text = paragraphs(rnd, target * (rnd() < 0.33 ? 0.45 : 0.9));
    const html = text.length && rnd() < 0.33;
    const attach = rnd() < 0.125;
    const boundary = `b${i}x`;
    const textPart = ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', text.join('\r\n\r\n')];
    const htmlPart = [
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      `<html><body>${text.map((p) => `<p>${p}</p>`).join('\r\n')}</body></html>`,
    ];
    let body: string[] = html
      ? [`Content-Type: multipart/alternative; boundary="${boundary}a"`, '', `--${boundary}a`, ...textPart, `--${boundary}a`, ...htmlPart, `--${boundary}a--`]
      : textPart;
    if (attach) {
      const pdf = Buffer.alloc(1500 + Math.floor(rnd() * 6000), i % 251);
      body = [
        `Content-Type: multipart/mixed; boundary="${boundary}m"`,
        '',
        `--${boundary}m`,
        ...body,
        `--${boundary}m`,
        'Content-Type: application/pdf; name="report.pdf"',
        'Content-Disposition: attachment; filename="report.pdf"',
        'Content-Transfer-Encoding: base64',
        '',
        wrap(pdf.toString('base64')),
        `--${boundary}m--`,
      ];
    }
    const flags = (rnd() < 0.1 ? 'F' : '') + (reply && rnd() < 0.5 ? 'R' : '') + (rnd() < 0.7 ? 'S' : '');
    yield { raw: Buffer.from([...headers, ...body, ''].join('\r\n')), flags };
  }
}

/** Writes mails into a maildir folder (`dir` = the user's maildir, `folder` = '' for INBOX); returns bytes written. */
export function writeMaildir(dir: string, folder: string, mails: Iterable<CorpusMail>): number {
  const box = folder ? path.join(dir, `.${folder}`) : dir;
  for (const sub of ['cur', 'new', 'tmp']) mkdirSync(path.join(box, sub), { recursive: true });
  if (folder) writeFileSync(path.join(box, 'maildirfolder'), '');
  let n = 0;
  let bytes = 0;
  const stamp = Math.floor(Date.now() / 1000);
  for (const m of mails) {
    // Maildir's unique name, with the size so Dovecot need not stat it, and the flags after ":2,".
    writeFileSync(path.join(box, 'cur', `${stamp}.M${n++}P${process.pid}.bench,S=${m.raw.length}:2,${m.flags}`), m.raw);
    bytes += m.raw.length;
  }
  return bytes;
}

/** Gives a filled maildir to the user Dovecot runs mail processes as (the owner of its mail root). */
export function chownTree(root: string, dir: string): void {
  const { uid, gid } = statSync(root);
  execFileSync('chown', ['-R', `${uid}:${gid}`, dir]);
}
