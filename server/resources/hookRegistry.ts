/** The server hooks of each resource that has some, by resource name (see hooks.ts). */
import type { ResourceHooks } from './hooks';
import { serverHooks } from '../mail/admin/serverHooks';
import { itemHooks, taxRateHooks } from '../accounting/hooks';

export const RESOURCE_HOOKS: Readonly<Record<string, ResourceHooks>> = {
  mailservers: serverHooks('mailserver_', 'mailserver_id'),
  mailincomingservers: serverHooks('mis_', 'mis_id'),
  xerotaxrates: taxRateHooks,
  xeroitems: itemHooks,
};

export const hooksOf = (name: string): ResourceHooks | undefined => RESOURCE_HOOKS[name];
