/**
 * /dev/sql-schemas: pick SQL batch files and the schemas of a database to run them on (never
 * 'global' together with 'site_n'), optionally as a dry run, and see the result per schema.
 */
import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { api } from '../dataProvider/apiClient';
import { notify } from '../notices/noticeStore';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { AddBatchFile } from './AddBatchFile';
import { mixesTypes, schemaType, type BatchFile, type RunAnswer } from '../../core/devtools/sqlTypes';

interface SiteRow {
  name: string;
  db_name: string | null;
  schema_name: string | null;
}

function toggle<T>(list: T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

export function SqlSchemasPage({ title }: PageProps) {
  const translate = useTranslate();
  const [files, setFiles] = useState<BatchFile[]>([]);
  const [sites, setSites] = useState<SiteRow[]>([]);
  const [fileIds, setFileIds] = useState<number[]>([]);
  const [schemas, setSchemas] = useState<string[]>([]);
  const [dryRun, setDryRun] = useState(true);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<RunAnswer | null>(null);

  useEffect(() => {
    void api<BatchFile[]>('dev/batchfiles/list', { query: { limit: 500 } })
      .then((r) => setFiles(r?.data ?? []))
      .catch(() => undefined);
    void api<SiteRow[]>('dev/sites/list', { query: { limit: 500, sort: 's_id' } })
      .then((r) => setSites(r?.data ?? []))
      .catch(() => undefined);
  }, []);

  const database = sites.find((s) => s.db_name)?.db_name ?? '';
  const chosenFiles = files.filter((f) => fileIds.includes(f.bf_id));
  const mixed = mixesTypes(chosenFiles, schemas);
  const t = (key: string) => translate(`devTools.sql.${key}`);

  async function run() {
    setBusy(true);
    setAnswer(null);
    try {
      const se_type = schemas.length ? schemaType(schemas[0]) : (chosenFiles[0]?.se_type ?? 'site_n');
      const res = await api<RunAnswer>('dev/batchfiles/run', {
        method: 'POST',
        body: { fileIds, se_type, selectedSchemasByDatabases: { [database]: schemas }, dryRun },
      });
      if (res?.data) {
        setAnswer(res.data);
        if (res.data.success) notify('success', t('success'));
      }
    } catch {
      // The notice and the error list already have it.
    } finally {
      setBusy(false);
    }
  }

  const schemaOptions = [
    { schema: 'global', label: 'global' },
    ...sites.filter((s) => s.schema_name).map((s) => ({ schema: s.schema_name!, label: `${s.schema_name} — ${s.name}` })),
  ];

  return (
    <PageFrame title={title}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
        <Paper variant="outlined" sx={{ p: 2, flex: 1, width: '100%' }}>
          <Typography variant="h6" component="h2">
            {t('files')}
          </Typography>
          <FormGroup aria-label={t('files')}>
            {files.map((f) => (
              <FormControlLabel
                key={f.bf_id}
                control={<Checkbox checked={fileIds.includes(f.bf_id)} onChange={() => setFileIds((ids) => toggle(ids, f.bf_id))} />}
                label={`${f.bf_name} (${f.se_type})`}
              />
            ))}
          </FormGroup>
          <Box sx={{ mt: 2 }}>
            <AddBatchFile onAdded={(file) => setFiles((list) => [file, ...list])} />
          </Box>
        </Paper>
        <Paper variant="outlined" sx={{ p: 2, flex: 1, width: '100%' }}>
          <Typography variant="h6" component="h2">
            {t('schemas')} — {t('database')}: {database}
          </Typography>
          <FormGroup aria-label={t('schemas')}>
            {schemaOptions.map((o) => (
              <FormControlLabel
                key={o.schema}
                control={<Checkbox checked={schemas.includes(o.schema)} onChange={() => setSchemas((list) => toggle(list, o.schema))} />}
                label={o.label}
              />
            ))}
          </FormGroup>
          {mixed && <Alert severity="error">{t('mixed')}</Alert>}
          <FormControlLabel control={<Checkbox checked={dryRun} onChange={(e) => setDryRun(e.target.checked)} />} label={t('dryRun')} />
          <Box>
            <Button variant="contained" onClick={run} disabled={busy || mixed || !fileIds.length || !schemas.length}>
              {t('run')}
            </Button>
          </Box>
        </Paper>
      </Stack>
      {answer && (
        <Box>
          <Alert severity={answer.success ? 'success' : 'error'}>{answer.success ? t('success') : t('failed')}</Alert>
          <Table size="small" aria-label={t('results')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('database')}</TableCell>
                <TableCell>{t('schemas')}</TableCell>
                <TableCell>{t('results')}</TableCell>
                <TableCell>ms</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {answer.results.map((r) => (
                <TableRow key={r.schema} data-testid={`result-${r.schema}`}>
                  <TableCell>{r.database}</TableCell>
                  <TableCell>{r.schema}</TableCell>
                  <TableCell>{r.ok ? `${t('ok')} (${r.committed ? t('committed') : t('rolledBack')})` : `${t('error')}: ${r.error}`}</TableCell>
                  <TableCell>{r.ms}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </PageFrame>
  );
}
