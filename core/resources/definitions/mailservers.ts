import type { ResourceDef } from '../engine/types';
import { serverFields, serverResourceBase } from './mailServerFields';

/** Outgoing (SMTP) mail servers; the default one sends the brand's system mail. */
export const mailservers: ResourceDef = {
  ...serverResourceBase,
  name: 'mailservers',
  table: 'mailservers',
  idField: 'mailserver_id',
  label: { one: 'pages.mailServer', many: 'pages.mailServers' },
  listPath: '/admin/mailservers',
  itemPath: '/admin/mailserver',
  defaultSort: 'mailserver_name',
  titleField: 'mailserver_name',
  fields: [
    ...serverFields('mailserver_', 'mailserver_id', false),
    { name: 'mailserver_from', type: 'email', label: 'mailAdmin.fields.from', required: true, max: 100, list: true, sortable: true, searchable: true },
    {
      name: 'mailserver_is_default',
      type: 'boolean',
      label: 'mailAdmin.fields.isDefault',
      defaultValue: false,
      oneDefault: true,
      list: true,
      sortable: true,
      filter: true,
    },
    { name: 'created_at', type: 'date', label: 'resources.common.created_at', readOnly: true, sortable: true },
  ],
};
