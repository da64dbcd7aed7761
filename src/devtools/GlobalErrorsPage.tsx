/**
 * /admin/globalerrors: the server's errors with their ids (the id a 500 answer showed), searched
 * by id, message or URL. This brand's errors; a Developer may switch to every brand's.
 */
import { Fragment, useEffect, useState } from 'react';
import { Box, Checkbox, Collapse, FormControlLabel, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { authState } from '../auth/authStore';
import { api } from '../dataProvider/apiClient';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { searchProblem } from '../../core/lists/search';

interface ErrorEntry {
  id: string;
  created_at: string;
  brand_schema: string | null;
  method: string | null;
  url: string | null;
  message: string | null;
  stack: string | null;
  /** Times the fault happened (repeats share the row). */
  occurrences: number;
}

export function GlobalErrorsPage({ title }: PageProps) {
  const translate = useTranslate();
  const isDeveloper = authState.get().user?.role === 'Developer';
  const [allBrands, setAllBrands] = useState(false);
  const [stext, setStext] = useState('');
  const [rows, setRows] = useState<ErrorEntry[]>([]);
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    const text = stext.trim();
    if (searchProblem(text)) return;
    const controller = new AbortController();
    const group = allBrands ? 'dev/errorlogs' : 'dev/globalerrors';
    api<ErrorEntry[]>(`${group}/filter`, { method: 'POST', body: { stext: text || null }, query: { limit: 100 }, signal: controller.signal })
      .then((res) => setRows(res?.data ?? []))
      .catch(() => undefined);
    return () => controller.abort();
  }, [stext, allBrands]);

  const t = (key: string) => translate(`devTools.errors.${key}`);
  return (
    <PageFrame title={title}>
      <Stack direction="row" spacing={2} alignItems="center">
        <TextField size="small" label={t('search')} value={stext} onChange={(e) => setStext(e.target.value)} sx={{ minWidth: 320 }} />
        {isDeveloper && <FormControlLabel control={<Checkbox checked={allBrands} onChange={(e) => setAllBrands(e.target.checked)} />} label={t('allBrands')} />}
      </Stack>
      {rows.length === 0 ? (
        <Typography>{t('empty')}</Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {['when', 'id', 'brand', 'method', 'url', 'message', 'occurrences'].map((k) => (
                <TableCell key={k}>{t(k)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <Fragment key={r.id}>
                <TableRow hover onClick={() => setOpen(open === r.id ? null : r.id)} sx={{ cursor: 'pointer' }}>
                  <TableCell>{r.created_at}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{r.id}</TableCell>
                  <TableCell>{r.brand_schema}</TableCell>
                  <TableCell>{r.method}</TableCell>
                  <TableCell>{r.url}</TableCell>
                  <TableCell>{r.message}</TableCell>
                  <TableCell align="right">{r.occurrences}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={7} sx={{ p: 0, border: open === r.id ? undefined : 0 }}>
                    <Collapse in={open === r.id} unmountOnExit>
                      <Box component="pre" sx={{ m: 1, fontSize: 12, whiteSpace: 'pre-wrap' }} aria-label={t('stack')}>
                        {r.stack}
                      </Box>
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            ))}
          </TableBody>
        </Table>
      )}
    </PageFrame>
  );
}
