/** /brands: every brand site of the deployment with its domains (Sales and Developer). */
import { useEffect, useState } from 'react';
import { Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { api } from '../dataProvider/apiClient';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import type { SiteRecord } from './types';
import { searchProblem } from '../../core/lists/search';

export function BrandListPage({ title }: PageProps) {
  const translate = useTranslate();
  const [rows, setRows] = useState<SiteRecord[]>([]);
  const [stext, setStext] = useState('');

  useEffect(() => {
    const text = stext.trim();
    if (searchProblem(text)) return;
    const controller = new AbortController();
    const call = text
      ? api<SiteRecord[]>('dev/sites/filter', { method: 'POST', body: { stext: text }, query: { limit: 500 }, signal: controller.signal })
      : api<SiteRecord[]>('dev/sites/list', { query: { limit: 500 }, signal: controller.signal });
    call.then((res) => setRows(res?.data ?? [])).catch(() => undefined);
    return () => controller.abort();
  }, [stext]);

  const f = (name: string) => translate(`brandSites.fields.${name}`);
  return (
    <PageFrame title={title}>
      <Stack direction="row" spacing={2} alignItems="center">
        <TextField size="small" label={translate('brandSites.search')} value={stext} onChange={(e) => setStext(e.target.value)} />
        <Button component={Link} to="/brand" variant="contained">
          {translate('brandSites.new')}
        </Button>
      </Stack>
      {rows.length === 0 ? (
        <Typography>{translate('brandSites.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{f('name')}</TableCell>
              <TableCell>{f('product_name')}</TableCell>
              <TableCell>{f('schema_name')}</TableCell>
              <TableCell>{f('db_name')}</TableCell>
              <TableCell>{f('domains')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.s_id} hover>
                <TableCell>
                  <Link to={`/brand/${r.s_id}`}>{r.name}</Link>
                </TableCell>
                <TableCell>{r.product_name}</TableCell>
                <TableCell>{r.schema_name}</TableCell>
                <TableCell>{r.db_name}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} flexWrap="wrap">
                    {r.domains.map((d) => (
                      <Chip
                        key={d.d_id}
                        size="small"
                        label={d.d_name}
                        color={d.d_type === 'primary' ? 'primary' : 'default'}
                        variant={d.d_enabled ? 'filled' : 'outlined'}
                      />
                    ))}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PageFrame>
  );
}
