/**
 * Panels a feature adds below a resource's edit form, beside the engine's own (relation blocks,
 * related records): e.g. a site's notes, which have their own endpoints.
 */
import type { ComponentType } from 'react';
import { SiteNotesPanel } from '../jobsites/SiteNotesPanel';
import { SiteDocumentsPanel } from '../files/SiteDocumentsPanel';
import { oauthStatusPanel } from '../mail/admin/OAuthStatusPanel';

export interface ItemPanelProps {
  id: string;
  writable: boolean;
}

export const ITEM_PANELS: Record<string, readonly ComponentType<ItemPanelProps>[]> = {
  jobsites: [SiteNotesPanel, SiteDocumentsPanel],
  mailservers: [oauthStatusPanel('mailservers', 'mailserver_oauth_error')],
  mailincomingservers: [oauthStatusPanel('mailincomingservers', 'mis_oauth_error')],
};
