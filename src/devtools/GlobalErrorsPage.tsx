/**
 * /admin/globalerrors: the server's errors with their ids (the id a 500 answer showed), newest
 * first, 20 a page, searched by id, message or URL. This brand's errors; a Developer may switch to
 * every brand's. A row's stack opens below it.
 */
import { Fragment, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import {
  Box,
  Checkbox,
  Collapse,
  FormControlLabel,
  IconButton,
  Pagination,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useAuth } from '../auth/authStore';
import { useDateText } from '../jobs/sheet/useDateFormat';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { useDebounced } from '../util/useDebounced';
import { searchableText, searchProblem } from '../../core/lists/search';
import { useDevtoolsProvider } from './devtoolsProvider';

const PAGE_SIZE = 20;
const COLUMNS = ['when', 'id', 'brand', 'method', 'url', 'message', 'occurrences'] as const;

export function GlobalErrorsPage({ title }: PageProps) {
  const translate = useTranslate();
  const date = useDateText();
  const provider = useDevtoolsProvider();
  const isDeveloper = useAuth().user?.role === 'Developer';
  const [allBrands, setAllBrands] = useState(false);
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const stext = useDebounced(searchableText(text) || null);
  const { data } = useQuery({
    queryKey: ['dev', 'errors', allBrands, stext, page],
    queryFn: ({ signal }) => provider.errorLogs({ allBrands, stext, page, perPage: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = data?.rows ?? [];
  const problem = searchProblem(text.trim());

  const t = (key: string) => translate(`devTools.errors.${key}`);
  return (
    <PageFrame title={title}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        <TextField
          size="small"
          type="search"
          label={t('search')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPage(1);
          }}
          error={!!problem}
          helperText={problem ? translate(problem) : ' '}
          sx={{ minWidth: { xs: '100%', sm: 320 } }}
        />
        {isDeveloper && (
          <FormControlLabel
            control={
              <Checkbox
                checked={allBrands}
                onChange={(e) => {
                  setAllBrands(e.target.checked);
                  setPage(1);
                }}
              />
            }
            label={t('allBrands')}
          />
        )}
      </Stack>
      {rows.length === 0 ? (
        <Typography>{t('empty')}</Typography>
      ) : (
        // Long URLs and messages scroll inside the table on a phone instead of widening the page.
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={title}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                {COLUMNS.map((k) => (
                  <TableCell key={k}>{t(k)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <Fragment key={r.id}>
                  <TableRow hover>
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-label={`${t('stack')} ${r.id}`}
                        aria-expanded={open === r.id}
                        onClick={() => setOpen(open === r.id ? null : r.id)}
                      >
                        {open === r.id ? <KeyboardArrowUpIcon fontSize="small" /> : <KeyboardArrowDownIcon fontSize="small" />}
                      </IconButton>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(r.created_at)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{r.id}</TableCell>
                    <TableCell>{r.brand_schema}</TableCell>
                    <TableCell>{r.method}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{r.url}</TableCell>
                    <TableCell>{r.message}</TableCell>
                    <TableCell align="right">{r.occurrences}</TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length + 1} sx={{ p: 0, border: open === r.id ? undefined : 0 }}>
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
        </Box>
      )}
      <Pagination count={Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE))} page={page} onChange={(_, p) => setPage(p)} size="small" />
    </PageFrame>
  );
}
