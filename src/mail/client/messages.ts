/** Texts of the mail client screens, in the three locales. Spec texts are word for word. */
import type { FeatureMessages, MessageTree } from '../../i18n/featureMessages';

const enUS: MessageTree = {
  mailClient: {
    errors: {
      notFound: 'The requested email/draft does not exist or you do not have permission to view it.',
      jobLinked: 'Mails that belong to a job cannot be deleted or marked as spam.',
      noAccount: 'There is no mail account linked to your account.',
      bulkInJobView: 'Bulk email operations are currently unavailable in the job view.',
    },
    groups: {
      today: 'Today',
      yesterday: 'Yesterday',
      thisWeek: 'This week',
      lastWeek: 'Last week',
      twoWeeksAgo: 'Two weeks ago',
      older: 'Older',
    },
    accounts: 'Accounts',
    toggleAll: 'All accounts',
    search: 'Search mails',
    list: 'Mails',
    minChars: 'At least 3 characters',
    empty: 'No mails',
    noSubject: '(no subject)',
    selectMail: 'Select a mail to read it',
    body: 'Mail content',
    subject: 'Subject',
    from: 'From',
    to: 'To',
    cc: 'Cc',
    date: 'Date',
    attachments: 'Attachments',
    showImages: 'Show images',
    imagesBlocked: 'Remote images are blocked to protect your privacy.',
    large: {
      title: 'Large mail',
      text: 'A mail over 5MB asks for confirmation before loading.',
      size: 'Size: {{size}} MB',
      load: 'Load mail',
    },
    actions: {
      markRead: 'Mark as read',
      markUnread: 'Mark as unread',
      flag: 'Flag',
      unflag: 'Remove flag',
      ready: 'Mark as ready',
      notReady: 'Mark as not ready',
      spam: 'Mark as spam',
      notSpam: 'Not spam',
      delete: 'Delete',
      reply: 'Reply',
      replyAll: 'Reply all',
      forward: 'Forward',
      newMail: 'New mail',
      settings: 'Mail settings',
      assignJob: 'Assign to job',
      restore: 'Restore',
      finalDelete: 'Delete permanently',
      back: 'Back to the list',
    },
    assign: {
      title: 'Assign to job',
      search: 'Search jobs',
      linked: 'Job: {{number}}',
      fileAttachments: "Add the attachments to the job's documents",
      done: 'The mail is assigned to the job.',
    },
    deleted: {
      empty: 'There are no deleted mails.',
      restored: 'The mail is restored.',
    },
    job: {
      title: 'E-mails of the job',
    },
    shortcuts: 'Keys: j next, k previous, r reply, e archive, s flag',
    bulk: { title: 'Checked mails', count: '{{count}} checked', select: 'Check {{subject}}', clear: 'Clear' },
  },
};

const huHU: MessageTree = {
  mailClient: {
    errors: {
      notFound: 'A kért levél/piszkozat nem létezik, vagy nincs jogod megtekinteni.',
      jobLinked: 'A munkához tartozó levelek nem törölhetők és nem jelölhetők spamnek.',
      noAccount: 'Nincs levelezőfiók a fiókodhoz rendelve.',
      bulkInJobView: 'A csoportos levélműveletek a munka nézetben jelenleg nem érhetők el.',
    },
    groups: {
      today: 'Ma',
      yesterday: 'Tegnap',
      thisWeek: 'Ezen a héten',
      lastWeek: 'Múlt héten',
      twoWeeksAgo: 'Két hete',
      older: 'Régebbi',
    },
    accounts: 'Fiókok',
    toggleAll: 'Minden fiók',
    search: 'Keresés a levelekben',
    list: 'Levelek',
    minChars: 'Legalább 3 karakter',
    empty: 'Nincsenek levelek',
    noSubject: '(nincs tárgy)',
    selectMail: 'Válassz egy levelet az olvasáshoz',
    body: 'Levél tartalma',
    subject: 'Tárgy',
    from: 'Feladó',
    to: 'Címzett',
    cc: 'Másolat',
    date: 'Dátum',
    attachments: 'Mellékletek',
    showImages: 'Képek megjelenítése',
    imagesBlocked: 'A távoli képek a magánszféra védelmében le vannak tiltva.',
    large: {
      title: 'Nagy levél',
      text: 'Az 5MB-nál nagyobb levél betöltése előtt megerősítést kérünk.',
      size: 'Méret: {{size}} MB',
      load: 'Levél betöltése',
    },
    actions: {
      markRead: 'Olvasottnak jelöl',
      markUnread: 'Olvasatlannak jelöl',
      flag: 'Megjelöl',
      unflag: 'Jelölés törlése',
      ready: 'Késznek jelöl',
      notReady: 'Nincs kész',
      spam: 'Spamnek jelöl',
      notSpam: 'Nem spam',
      delete: 'Törlés',
      reply: 'Válasz',
      replyAll: 'Válasz mindenkinek',
      forward: 'Továbbítás',
      newMail: 'Új levél',
      settings: 'Levelezési beállítások',
      assignJob: 'Munkához rendelés',
      restore: 'Visszaállítás',
      finalDelete: 'Végleges törlés',
      back: 'Vissza a listához',
    },
    assign: {
      title: 'Munkához rendelés',
      search: 'Munkák keresése',
      linked: 'Munka: {{number}}',
      fileAttachments: 'Mellékletek hozzáadása a munka dokumentumaihoz',
      done: 'A levél a munkához rendelve.',
    },
    deleted: {
      empty: 'Nincsenek törölt levelek.',
      restored: 'A levél visszaállítva.',
    },
    job: {
      title: 'A munka levelei',
    },
    shortcuts: 'Billentyűk: j következő, k előző, r válasz, e archiválás, s megjelölés',
    bulk: { title: 'Kijelölt levelek', count: '{{count}} kijelölve', select: '{{subject}} kijelölése', clear: 'Törlés a kijelölésből' },
  },
};

export const mailClientMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enUS, 'hu-HU': huHU };

/** The en-US text of a key under `mailClient`, for the server's answers. */
export function mailClientText(key: string): string {
  let node: unknown = enUS.mailClient;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}
