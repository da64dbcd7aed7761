/** Texts of the job form's "New client" option and dialog (src/jobs/item/NewClientDialog.tsx). */
import type { FeatureMessages, MessageTree } from '../i18n/featureMessages';

const enUS: MessageTree = {
  jobClient: {
    option: 'New client…',
    title: 'New client',
    intro: 'The client is created now and chosen for this job.',
    create: 'Create client',
  },
};

const huHU: MessageTree = {
  jobClient: {
    option: 'Új ügyfél…',
    title: 'Új ügyfél',
    intro: 'Az ügyfél most jön létre, és ez a munka ügyfele lesz.',
    create: 'Ügyfél létrehozása',
  },
};

export const jobClientMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enUS, 'hu-HU': huHU };
