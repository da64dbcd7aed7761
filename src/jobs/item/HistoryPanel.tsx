/**
 * The job's change history: who, when, what changed (GET jobs/{id}/history, newest first); it is
 * asked again whenever the job's queries are invalidated after a change.
 */
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useQuery } from '@tanstack/react-query';
import { jobKey, useJobsProvider } from '../jobsProvider';
import { useDateText } from '../sheet/useDateFormat';
import type { JobHistoryRow } from '../../../core/jobs/types';
import { describeChanges } from './historyText';

const NO_ROWS: JobHistoryRow[] = [];

export function HistoryPanel({ jobId }: { jobId: number }) {
  const translate = useTranslate();
  const date = useDateText();
  const provider = useJobsProvider();
  const { data: rows = NO_ROWS } = useQuery({ queryKey: [...jobKey(jobId), 'history'], queryFn: ({ signal }) => provider.jobHistory(jobId, signal) });
  const action = (a: string) => {
    const key = `jobs.item.actions.${a}`;
    const text = translate(key);
    return text === key ? a : text;
  };
  return (
    <section aria-labelledby="job-history-title">
      <Typography id="job-history-title" variant="h6" component="h2">
        {translate('jobs.item.history')}
      </Typography>
      {rows.length === 0 ? (
        <Typography>{translate('jobs.item.historyEmpty')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('jobs.item.history')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('jobs.item.who')}</TableCell>
              <TableCell>{translate('jobs.item.when')}</TableCell>
              <TableCell>{translate('jobs.item.what')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.jh_id}>
                <TableCell>{r.fullname ?? translate('jobs.item.system')}</TableCell>
                <TableCell>{date(r.created_at)}</TableCell>
                <TableCell>
                  {`${translate(`jobs.item.entities.${r.jh_entity}`)} ${action(r.jh_action)}`}
                  {Object.keys(r.jh_changes ?? {}).length > 0 &&
                    `: ${describeChanges(r.jh_changes, { translate, date, names: r.jh_names ?? {}, entity: r.jh_entity })}`}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
