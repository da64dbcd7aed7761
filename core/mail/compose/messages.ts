/** Texts of the mail compose screens and of the compose server's answers, in the three locales. */
import type { FeatureMessages, MessageTree } from '../../i18n/featureMessages';
import { ADDRESS_MESSAGES } from './addresses';

const enUS: MessageTree = {
  mailCompose: {
    errors: {
      noAccount: 'There is no mail account linked to your account.',
      noSendPermission: "You don't have sending permissions on any linked email account.",
      cannotSendFrom: 'You cannot send from this address.',
      draftLocked: 'This draft is locked. Unlock it before editing.',
      draftStale: 'This draft is locked: it was changed by another user. Reload it to continue.',
      draftExists: 'A draft for this mail already exists: continue it or replace it.',
      sendFailed: 'The mail could not be sent: {{reason}}. The draft is locked; unlock it to edit and try again.',
      noOutgoingServer: 'The mail account has no outgoing server.',
      forwardAttachments: 'The attachments of the forwarded mail could not be read from the mail server: {{reason}}.',
      signatureRequired: 'Signature content is required!',
      templateRequired: 'Template content is required!',
      folderNotEmpty: 'A folder containing mails cannot be deleted; empty it first.',
      mailNotFound: 'The requested email/draft does not exist or you do not have permission to view it.',
      ...ADDRESS_MESSAGES,
    },
    quote: {
      wrote: 'On {{date}}, {{name}} wrote:',
      forwarded: '---------- Forwarded message ----------',
      from: 'From',
      date: 'Date',
      subject: 'Subject',
      to: 'To',
    },
    page: {
      from: 'From',
      to: 'To',
      cc: 'Cc',
      bcc: 'Bcc',
      subject: 'Subject',
      body: 'Message',
      addAddress: 'Type an address and press Enter',
      send: 'Send',
      sending: 'Sending…',
      delete: 'Delete draft',
      unlock: 'Unlock',
      locked: 'This draft is locked.',
      saved: 'Saved',
      saving: 'Saving…',
      unsaved: 'Not saved yet',
      template: 'Insert template',
      signature: 'Insert signature',
      attachments: 'Attachments',
      attach: 'Attach files',
      removeAttachment: 'Remove {{name}}',
      sent: 'The mail was sent.',
      existingTitle: 'A draft already exists',
      existingText: 'You already started a draft for this mail. Continue it, or replace it with a new one (the old draft is deleted).',
      continue: 'Continue',
      replace: 'Replace',
      loading: 'Loading…',
      noTemplates: 'This account has no templates yet.',
      noSignatures: 'This account has no signatures yet.',
      openSettings: 'Add them in Mail settings',
    },
    cannotSend: {
      title: '{{account}} cannot send mail',
      why: 'The account has no outgoing mail server, so a mail written from it cannot be sent. An administrator can add one in the mail account settings.',
      choose: 'Send from an account that can:',
      none: 'None of your mail accounts can send at the moment.',
      use: 'Send from {{address}}',
    },
  },
};

const enGB: MessageTree = enUS;

const huHU: MessageTree = {
  mailCompose: {
    errors: {
      noAccount: 'Nincs levelezőfiók a fiókodhoz rendelve.',
      noSendPermission: 'Egyik hozzád rendelt levelezőfiókból sincs küldési jogod.',
      cannotSendFrom: 'Erről a címről nem küldhetsz levelet.',
      draftLocked: 'Ez a piszkozat zárolva van. Oldd fel a szerkesztés előtt.',
      draftStale: 'Ez a piszkozat zárolva van: egy másik felhasználó módosította. Töltsd újra a folytatáshoz.',
      draftExists: 'Ehhez a levélhez már van piszkozat: folytasd vagy cseréld le.',
      sendFailed: 'A levelet nem sikerült elküldeni: {{reason}}. A piszkozat zárolva; oldd fel, javítsd, és próbáld újra.',
      noOutgoingServer: 'A levelezőfióknak nincs kimenő szervere.',
      forwardAttachments: 'A továbbított levél mellékleteit nem sikerült beolvasni a levelezőszerverről: {{reason}}.',
      signatureRequired: 'Az aláírás tartalma kötelező!',
      templateRequired: 'A sablon tartalma kötelező!',
      folderNotEmpty: 'Levelet tartalmazó mappa nem törölhető; előbb ürítsd ki.',
      mailNotFound: 'A kért levél/piszkozat nem létezik, vagy nincs jogod megtekinteni.',
      format: 'Érvénytelen e-mail formátum!',
      invalidList: 'Érvénytelen e-mail cím(ek): ',
      noValid: 'Nincs érvényes e-mail cím!',
      none: 'Nincs cím',
    },
    quote: {
      wrote: '{{date}}, {{name}} ezt írta:',
      forwarded: '---------- Továbbított üzenet ----------',
      from: 'Feladó',
      date: 'Dátum',
      subject: 'Tárgy',
      to: 'Címzett',
    },
    page: {
      from: 'Feladó',
      to: 'Címzett',
      cc: 'Másolat',
      bcc: 'Titkos másolat',
      subject: 'Tárgy',
      body: 'Üzenet',
      addAddress: 'Írj be egy címet, és nyomj Entert',
      send: 'Küldés',
      sending: 'Küldés…',
      delete: 'Piszkozat törlése',
      unlock: 'Feloldás',
      locked: 'Ez a piszkozat zárolva van.',
      saved: 'Mentve',
      saving: 'Mentés…',
      unsaved: 'Még nincs mentve',
      template: 'Sablon beszúrása',
      signature: 'Aláírás beszúrása',
      attachments: 'Mellékletek',
      attach: 'Fájlok csatolása',
      removeAttachment: '{{name}} eltávolítása',
      sent: 'A levél elküldve.',
      existingTitle: 'Már van piszkozat',
      existingText: 'Ehhez a levélhez már elkezdtél egy piszkozatot. Folytasd, vagy cseréld le egy újra (a régi piszkozat törlődik).',
      continue: 'Folytatás',
      replace: 'Csere',
      loading: 'Betöltés…',
      noTemplates: 'Ennek a fióknak még nincs sablonja.',
      noSignatures: 'Ennek a fióknak még nincs aláírása.',
      openSettings: 'Add hozzá a levelezési beállításokban',
    },
    cannotSend: {
      title: '{{account}} nem tud levelet küldeni',
      why: 'A fióknak nincs kimenő levelezőszervere, így a belőle írt levél nem küldhető el. Egy adminisztrátor beállíthatja a levelezőfiók beállításaiban.',
      choose: 'Küldj egy olyan fiókból, amely tud küldeni:',
      none: 'Jelenleg egyik levelezőfiókod sem tud küldeni.',
      use: 'Küldés innen: {{address}}',
    },
  },
};

export const mailComposeMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enGB, 'hu-HU': huHU };

/** The en-US text of a key under `mailCompose` (the server answers in en-US), with {{name}} filled in. */
export function composeText(key: string, params: Record<string, string> = {}): string {
  let node: unknown = enUS.mailCompose;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}
