/** The list of outgoing (SMTP) or incoming (IMAP) servers: search (≥ 3 characters), a row opens the item. */
import { useEffect, useState } from 'react';
import { Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import { PageFrame } from '../../pages/PageFrame';
import { SERVER_KINDS, serverApi, type ServerKindName, type ServerRow } from './adminApi';
import { attempt } from './attempt';
import { searchableText } from '../../../core/lists/search';

export function ServerListView({ kind, title }: { kind: ServerKindName; title: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const k = SERVER_KINDS[kind];
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<ServerRow[]>([]);
  const stext = searchableText(search);

  useEffect(() => {
    let live = true;
    void attempt(() => serverApi.list(kind, stext)).then((list) => live && list && setRows(list));
    return () => {
      live = false;
    };
  }, [kind, stext]);

  const col = (name: string) => `${k.prefix}${name}`;
  return (
    <PageFrame title={title}>
      <Stack direction="row" spacing={2} alignItems="center">
        <TextField size="small" label={translate('mailAdmin.actions.search')} value={search} onChange={(e) => setSearch(e.target.value)} />
        <Button startIcon={<AddIcon />} variant="contained" onClick={() => navigate(k.itemPath)}>
          {translate('mailAdmin.actions.add')}
        </Button>
      </Stack>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('mailAdmin.fields.name')}</TableCell>
            <TableCell>{translate('mailAdmin.fields.host')}</TableCell>
            <TableCell>{translate('mailAdmin.fields.port')}</TableCell>
            <TableCell>{translate('mailAdmin.fields.secure')}</TableCell>
            <TableCell>{translate('mailAdmin.fields.user')}</TableCell>
            {kind === 'smtp' && <TableCell>{translate('mailAdmin.fields.isDefault')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={String(row[k.idCol])} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`${k.itemPath}/${String(row[k.idCol])}`)}>
              <TableCell>{String(row[col('name')] ?? '')}</TableCell>
              <TableCell>{String(row[col('host')] ?? '')}</TableCell>
              <TableCell>{String(row[col('port')] ?? '')}</TableCell>
              <TableCell>{row[col('secure')] ? '✓' : ''}</TableCell>
              <TableCell>{String(row[col('user')] ?? '')}</TableCell>
              {kind === 'smtp' && <TableCell>{row.mailserver_is_default ? '✓' : ''}</TableCell>}
            </TableRow>
          ))}
          {!rows.length && (
            <TableRow>
              <TableCell colSpan={6}>{translate('mailAdmin.titles.noRows')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </PageFrame>
  );
}
