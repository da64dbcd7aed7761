/**
 * Feature areas keep their texts beside their code: each exports a `FeatureMessages` object with
 * the three locales and is listed here once. The parity test checks every feature like the core.
 */
import type { Locale } from './locales';
import { usersMessages } from '../users/messages';
import { referenceDataMessages } from '../referenceData/messages';
import { publicAuthMessages } from '../publicauth/messages';
import { brandSitesMessages } from '../devsites/messages';
import { devToolsMessages } from '../devtools/messages';
import { jobsMessages } from '../jobs/messages';
import { salesCostsMessages } from '../jobs/sales/messages';
import { salesPdfMessages } from '../jobs/sales/pdfMessages';
import { filesMessages } from '../files/messages';
import { mailComposeMessages } from '../mail/compose/messages';
import { mailClientMessages } from '../mail/client/messages';
import { mailAdminMessages } from '../mail/admin/messages';
import { mailSettingsMessages } from '../mail/settings/messages';
import { mailRoutingMessages } from '../mail/routing/messages';
import { engineerPortalMessages } from '../engineerportal/messages';
import { customerPortalMessages } from '../customerportal/messages';
import { settingsMessages } from '../usersettings/messages';
import { accountingMessages } from '../accounting/messages';
import { connectionMessages } from '../accounting/connectionMessages';
import { dashboardMessages } from '../accounting/dashboardMessages';
import { googleMessages } from '../google/messages';
import { microsoftMessages } from '../microsoft/messages';
import { googleTasksMessages } from '../google/tasksMessages';
import { xeroDocumentMessages } from '../accounting/documentMessages';
import { choiceMessages } from '../resources/choiceMessages';
import { jobDeskMessages } from '../jobs/home/messages';
import { dispatchMessages } from '../dispatch/messages';
import { jobClientMessages } from '../jobs/newClientMessages';

export type MessageTree = { [key: string]: string | MessageTree };
export type FeatureMessages = Record<Locale, MessageTree>;

export const FEATURE_MESSAGES: readonly FeatureMessages[] = [
  usersMessages,
  referenceDataMessages,
  publicAuthMessages,
  brandSitesMessages,
  devToolsMessages,
  jobsMessages,
  salesCostsMessages,
  salesPdfMessages,
  filesMessages,
  mailAdminMessages,
  mailClientMessages,
  mailComposeMessages,
  mailSettingsMessages,
  mailRoutingMessages,
  engineerPortalMessages,
  customerPortalMessages,
  settingsMessages,
  accountingMessages,
  connectionMessages,
  dashboardMessages,
  googleMessages,
  microsoftMessages,
  googleTasksMessages,
  xeroDocumentMessages,
  choiceMessages,
  jobDeskMessages,
  dispatchMessages,
  jobClientMessages,
];
