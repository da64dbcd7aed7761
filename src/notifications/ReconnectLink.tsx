/**
 * A RECONNECT_NEEDED reminder's link to the page where its provider is connected again (the params
 * name the provider and the path: server/integrations/oauth/refused.ts). Other reminders have none.
 */
import { Link } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import type { NotificationType } from '../../core/enums';

export interface ReconnectRow {
  notif_type: NotificationType;
  notif_params?: Record<string, unknown>;
}

export function ReconnectLink({ row }: { row: ReconnectRow }) {
  const translate = useTranslate();
  const link = row.notif_params?.link;
  // Only a path inside the app: the params come from the server, but a link is never an outside address.
  if (row.notif_type !== 'RECONNECT_NEEDED' || typeof link !== 'string' || !/^\/(?!\/)/.test(link)) return null;
  const provider = typeof row.notif_params?.provider_name === 'string' ? row.notif_params.provider_name : '';
  return <Link to={link}>{translate('reminders.reconnect', { provider })}</Link>;
}
