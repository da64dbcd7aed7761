import type { ResourceDef } from '../engine/types';
import { serverFields, serverResourceBase } from './mailServerFields';

/** Incoming (IMAP) mail servers, which mail accounts sync from. */
export const mailincomingservers: ResourceDef = {
  ...serverResourceBase,
  name: 'mailincomingservers',
  table: 'mailincomingservers',
  idField: 'mis_id',
  label: { one: 'pages.mailIncomingServer', many: 'pages.mailIncomingServers' },
  listPath: '/admin/mailincomingservers',
  itemPath: '/admin/mailincomingserver',
  defaultSort: 'mis_name',
  titleField: 'mis_name',
  fields: [...serverFields('mis_', 'mis_id', true), { name: 'created_at', type: 'date', label: 'resources.common.created_at', readOnly: true, sortable: true }],
};
