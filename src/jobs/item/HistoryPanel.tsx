/** The job's change history: who, when, what changed (GET jobs/{id}/history, newest first). */
import { useEffect, useState } from 'react';
import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { api } from '../../dataProvider/apiClient';
import { useDateText } from '../sheet/useDateFormat';
import type { JobHistoryRow } from '../types';

/** Stored field names → the labels the form shows them under (jobs.fields.*). */
const FIELD_LABELS: Record<string, string> = {
  job_number: 'job_number', job_status: 'job_status', job_wopo: 'job_wopo', job_desc: 'job_desc', job_details: 'job_details', job_start: 'job_start',
  job_end: 'job_end', job_tags: 'tags', de_id: 'department', co_id: 'client', js_id: 'site', pm_id: 'pm', jsc_id: 'site_contact',
  job_has_remedial: 'remedial', skip_remedial_check: 'skipRemedial', engineers: 'engineers', suppliers: 'suppliers', assigned: 'assigned',
};
const ISO_DATE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** 'field: from → to' per changed field; created/deleted values as 'field: value'. */
export function describeChanges(changes: Record<string, unknown>, label: (field: string) => string = (f) => f, date: (wire: string) => string = (d) => d): string {
  const show = (v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (typeof v === 'string' && ISO_DATE.test(v)) return date(v.replace('T', ' ').slice(0, 19));
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  return Object.entries(changes)
    .map(([field, change]) => {
      if (change && typeof change === 'object' && !Array.isArray(change) && 'from' in change && 'to' in change) {
        const c = change as { from: unknown; to: unknown };
        return `${label(field)}: ${show(c.from)} → ${show(c.to)}`;
      }
      return `${label(field)}: ${show(change)}`;
    })
    .join('; ');
}

export function HistoryPanel({ jobId, version }: { jobId: number; version: number }) {
  const translate = useTranslate();
  const date = useDateText();
  const [rows, setRows] = useState<JobHistoryRow[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    api<JobHistoryRow[]>(`jobs/${jobId}/history`, { signal: controller.signal, quiet: true })
      .then((res) => setRows(res?.data ?? []))
      .catch(() => undefined);
    return () => controller.abort();
  }, [jobId, version]);
  const fieldLabel = (f: string) => (FIELD_LABELS[f] ? translate(`jobs.fields.${FIELD_LABELS[f]}`) : f);
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
                  {Object.keys(r.jh_changes ?? {}).length > 0 && `: ${describeChanges(r.jh_changes, fieldLabel, date)}`}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
