/** The account's aliases with exactly one default; saved as a whole list (updatealiaslist). */
import { useState } from 'react';
import { Button, IconButton, Radio, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'ra-core';
import { accountApi, type AliasRow } from './adminApi';
import { attempt, type FieldErrorMap } from './attempt';

export function AliasesEditor({ accountId, aliases }: { accountId: number; aliases: AliasRow[] }) {
  const translate = useTranslate();
  const [rows, setRows] = useState<AliasRow[]>(aliases);
  const [errors, setErrors] = useState<FieldErrorMap>({});

  const change = (i: number, patch: Partial<AliasRow>) =>
    setRows((list) => list.map((r, j) => (j === i ? { ...r, ...patch } : patch.mal_is_default ? { ...r, mal_is_default: false } : r)));
  const add = () => setRows((list) => [...list, { mal_email: '', mal_name: null, mal_is_default: list.length === 0 }]);
  const remove = (i: number) =>
    setRows((list) => {
      const left = list.filter((_, j) => j !== i);
      // The default must stay somewhere: the first row takes it over.
      if (left.length && !left.some((r) => r.mal_is_default)) left[0] = { ...left[0], mal_is_default: true };
      return left;
    });
  const save = async () => {
    const saved = await attempt(() => accountApi.updateAliases(accountId, rows), setErrors);
    if (saved) setRows(saved);
  };

  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        {translate('mailAdmin.titles.aliases')}
      </Typography>
      <Table size="small" aria-label={translate('mailAdmin.titles.aliases')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('mailAdmin.aliases.isDefault')}</TableCell>
            <TableCell>{translate('mailAdmin.aliases.email')}</TableCell>
            <TableCell>{translate('mailAdmin.aliases.name')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={row.mal_id ?? `new-${i}`}>
              <TableCell>
                <Radio
                  checked={row.mal_is_default}
                  onChange={() => change(i, { mal_is_default: true })}
                  inputProps={{ 'aria-label': `${translate('mailAdmin.aliases.isDefault')} ${i + 1}` }}
                />
              </TableCell>
              <TableCell>
                <TextField
                  size="small"
                  value={row.mal_email}
                  onChange={(e) => change(i, { mal_email: e.target.value })}
                  error={!!errors[`_bulk.${i}.mal_email`]}
                  helperText={errors[`_bulk.${i}.mal_email`]}
                  inputProps={{ 'aria-label': `${translate('mailAdmin.aliases.email')} ${i + 1}` }}
                />
              </TableCell>
              <TableCell>
                <TextField
                  size="small"
                  value={row.mal_name ?? ''}
                  onChange={(e) => change(i, { mal_name: e.target.value })}
                  inputProps={{ 'aria-label': `${translate('mailAdmin.aliases.name')} ${i + 1}` }}
                />
              </TableCell>
              <TableCell>
                <IconButton aria-label={`${translate('mailAdmin.actions.removeAlias')} ${i + 1}`} onClick={() => remove(i)}>
                  <DeleteIcon />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {errors._bulk && (
        <Typography color="error" variant="body2">
          {errors._bulk}
        </Typography>
      )}
      <Stack direction="row" spacing={2}>
        <Button startIcon={<AddIcon />} onClick={add}>
          {translate('mailAdmin.actions.addAlias')}
        </Button>
        <Button variant="outlined" onClick={() => void save()}>
          {translate('mailAdmin.actions.saveAliases')}
        </Button>
      </Stack>
    </Stack>
  );
}
