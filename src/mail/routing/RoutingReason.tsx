/** The reading pane's line on why a mail is filed where it is (issue 30): the rule or person, and when. */
import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useMailDateText } from '../client/mailDates';
import { routingKey, useRoutingProvider } from './routingProvider';

/** `jobId` is part of the key: a filing in the pane changes the reason. */
export function RoutingReason({ id, jobId }: { id: number; jobId: number | null }) {
  const translate = useTranslate();
  const dates = useMailDateText();
  const provider = useRoutingProvider();
  const { data } = useQuery({ queryKey: [...routingKey(id), jobId], queryFn: ({ signal }) => provider.mailRouting(id, signal) });
  if (!data?.reason) return null;
  const by = data.by === 'router' || data.by === null ? translate('mailRouting.router') : data.by.name;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="mail-routing">
      {translate('mailRouting.filedBy', {
        by,
        at: dates.full(data.at),
        reason: translate(`mailRouting.reasons.${data.reason}`, data.reason_params),
      })}
    </Typography>
  );
}
