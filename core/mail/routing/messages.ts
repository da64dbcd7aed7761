/** Why a mail is filed to a job (issue 30), in the three locales; the server answers the en-US text as `reason_text`. */
import type { FeatureMessages, MessageTree } from '../../i18n/featureMessages';
import type { RoutingParams, RoutingReason } from './types';

const enUS: MessageTree = {
  mailRouting: {
    reasons: {
      reply: 'a reply to a mail of {{job}}',
      plus_address: "sent to {{job}}'s reply address {{address}}",
      subject_number: 'the subject names {{job}}',
      subject_document: 'the subject names {{document}}, a quote or invoice of {{job}}',
      sender: 'the sender {{address}} has one open job, {{job}}',
      unrouted: 'no rule matched: waiting in triage',
      outgoing: 'sent from this mailbox; no rule matched',
      sent_from_job: 'sent from {{job}}',
      manual: 'filed to {{job}} by hand',
      manual_unlink: 'taken off its job by hand',
    },
    filedBy: 'Filed by {{by}}, {{at}}: {{reason}}',
    router: 'the router',
    triage: {
      title: 'Mails to file',
      menu: 'Mails to file',
      count_one: '{{count}} mail to file',
      count_other: '{{count}} mails to file',
      empty: 'Every mail has found its job.',
      suggestions: 'Which job?',
      file: 'File to {{job}}',
      noSuggestion: 'No suggestion: open the mail to file it by hand.',
      filed: 'Filed to {{job}}.',
      inbox: 'Inbox',
      allInboxes: 'All inboxes',
      why: {
        body_number: 'named in the text',
        document: 'its quote or invoice is named',
        sender: "one of the sender's open jobs",
        learned_sender: "this sender's mail was filed here by hand",
        learned_subject: 'a mail on this topic was filed here by hand',
      },
      menuCount_one: '{{count}} mail waiting to be filed',
      menuCount_other: '{{count}} mails waiting to be filed',
      bulk: {
        label: 'Selected mails',
        select: 'Select “{{subject}}”',
        selected_one: '{{count}} mail selected',
        selected_other: '{{count}} mails selected',
        file_one: 'File {{count}} mail to {{job}}',
        file_other: 'File {{count}} mails to {{job}}',
        filed_one: '{{count}} mail filed to {{job}}.',
        filed_other: '{{count}} mails filed to {{job}}.',
        noSuggestion: 'No job is suggested for these mails: open one to file it by hand.',
        clear: 'Clear selection',
      },
    },
  },
};

const huHU: MessageTree = {
  mailRouting: {
    reasons: {
      reply: 'válasz a(z) {{job}} munka egy levelére',
      plus_address: 'a(z) {{job}} munka válaszcímére ({{address}}) érkezett',
      subject_number: 'a tárgy megnevezi: {{job}}',
      subject_document: 'a tárgy megnevezi: {{document}}, a(z) {{job}} munka árajánlata vagy számlája',
      sender: 'a feladónak ({{address}}) egy nyitott munkája van: {{job}}',
      unrouted: 'egy szabály sem illett rá: besorolásra vár',
      outgoing: 'ebből a postafiókból küldve; egy szabály sem illett rá',
      sent_from_job: 'a(z) {{job}} munkából küldve',
      manual: 'kézzel a(z) {{job}} munkához rendelve',
      manual_unlink: 'kézzel levéve a munkáról',
    },
    filedBy: 'Besorolta: {{by}}, {{at}}: {{reason}}',
    router: 'az automatikus besoroló',
    triage: {
      title: 'Besorolandó levelek',
      menu: 'Besorolandó levelek',
      count_one: '{{count}} besorolandó levél',
      count_other: '{{count}} besorolandó levél',
      empty: 'Minden levél megtalálta a munkáját.',
      suggestions: 'Melyik munka?',
      file: 'Besorolás: {{job}}',
      noSuggestion: 'Nincs javaslat: nyisd meg a levelet, és sorold be kézzel.',
      filed: 'Besorolva: {{job}}.',
      inbox: 'Postafiók',
      allInboxes: 'Minden postafiók',
      why: {
        body_number: 'a szöveg megnevezi',
        document: 'az árajánlatát vagy számláját megnevezi',
        sender: 'a feladó egyik nyitott munkája',
        learned_sender: 'ennek a feladónak egy levelét kézzel ide sorolták',
        learned_subject: 'egy ilyen tárgyú levelet kézzel ide soroltak',
      },
      menuCount_one: '{{count}} levél besorolásra vár',
      menuCount_other: '{{count}} levél besorolásra vár',
      bulk: {
        label: 'Kijelölt levelek',
        select: '„{{subject}}” kijelölése',
        selected_one: '{{count}} levél kijelölve',
        selected_other: '{{count}} levél kijelölve',
        file_one: '{{count}} levél besorolása: {{job}}',
        file_other: '{{count}} levél besorolása: {{job}}',
        filed_one: '{{count}} levél besorolva: {{job}}.',
        filed_other: '{{count}} levél besorolva: {{job}}.',
        noSuggestion: 'Ezekhez a levelekhez nincs javasolt munka: nyiss meg egyet, és sorold be kézzel.',
        clear: 'Kijelölés törlése',
      },
    },
  },
};

export const mailRoutingMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enUS, 'hu-HU': huHU };

/** The en-US reason with its parameters filled in, for `reason_text`. */
export function routingReasonText(reason: RoutingReason, params: RoutingParams): string {
  const reasons = (enUS.mailRouting as MessageTree).reasons as Record<string, string>;
  return reasons[reason].replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(params[key as keyof RoutingParams] ?? ''));
}
