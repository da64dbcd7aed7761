/** Texts of the job sheet and the job item, in the three locales. Spec texts are word for word. */
import type { FeatureMessages, MessageTree } from '../i18n/featureMessages';
import { remindersEnUS, remindersHuHU } from '../notifications/messages';
import { screenEnUS, screenHuHU } from './screenMessages';

const enUS: MessageTree = {
  jobs: {
    errors: {
      notAllowedToModify: 'You are not allowed to modify this job.',
      selectSiteFirst: 'Select a Site first!',
      remedialNoSite: 'A job with remedial work and no site is flagged',
      saveBeforeCopy: 'Save the job before copying it.',
      exportFailed: 'Unexpected error during the export to file.',
      oneLead: 'Choose exactly one lead engineer.',
      endBeforeStart: 'The end must not be before the start.',
    },
  },
};

const huHU: MessageTree = {
  jobs: {
    errors: {
      notAllowedToModify: 'Ezt a munkát nem módosíthatod.',
      selectSiteFirst: 'Előbb válassz helyszínt!',
      remedialNoSite: 'A javító munka helyszín nélkül meg van jelölve',
      saveBeforeCopy: 'Másolás előtt mentsd a munkát.',
      exportFailed: 'Váratlan hiba történt a fájlba exportálás közben.',
      oneLead: 'Pontosan egy vezető szerelőt válassz.',
      endBeforeStart: 'A vége nem lehet a kezdés előtt.',
    },
  },
};

/** The screens' texts (and the reminder area's, which lives beside them in the jobs feature) join the errors. */
const withScreens = (base: MessageTree, screens: MessageTree, reminders: MessageTree): MessageTree => ({
  ...reminders,
  jobs: { ...(base.jobs as MessageTree), ...screens },
});

export const jobsMessages: FeatureMessages = {
  'en-US': withScreens(enUS, screenEnUS, remindersEnUS),
  'en-GB': withScreens(enUS, screenEnUS, remindersEnUS),
  'hu-HU': withScreens(huHU, screenHuHU, remindersHuHU),
};

/** The en-US text of a key under `jobs.` (the server's messages). */
export function jobText(key: string): string {
  let node: unknown = enUS.jobs;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}
