/** The domain rows of a brand site: type, name, enabled and per-domain overrides. */
import { Alert, Button, Checkbox, FormControlLabel, IconButton, MenuItem, Paper, Stack, TextField, Tooltip } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'ra-core';
import { DOMAIN_TYPES, domainProblems, type DomainType } from '../../core/brand/domains';
import { JsonConfigField } from './JsonConfigField';

export interface DomainDraft {
  d_id?: number | null;
  d_type: DomainType;
  d_name: string;
  d_enabled: boolean;
  configText: string;
}

export function domainsValid(rows: DomainDraft[]): boolean {
  const { rows: bad, primaryCount } = domainProblems(rows);
  return bad.length === 0 && primaryCount === 1;
}

export function DomainsEditor({ rows, onChange }: { rows: DomainDraft[]; onChange: (rows: DomainDraft[]) => void }) {
  const translate = useTranslate();
  const { rows: bad, primaryCount } = domainProblems(rows);
  const update = (i: number, patch: Partial<DomainDraft>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Stack spacing={1.5}>
      {rows.map((row, i) => (
        <Paper key={row.d_id ?? `new-${i}`} variant="outlined" sx={{ p: 1.5 }} data-testid={`domain-${i}`}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} alignItems={{ sm: 'center' }}>
            <TextField
              select
              size="small"
              label={translate('brandSites.domain.type')}
              value={row.d_type}
              onChange={(e) => update(i, { d_type: e.target.value as DomainType })}
              // The theme makes form controls full width: a fixed width in a row leaves the name its room.
              sx={{ width: { xs: '100%', sm: 160 }, flexShrink: 0 }}
            >
              {DOMAIN_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {translate(`brandSites.domain.${t}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={translate('brandSites.domain.name')}
              value={row.d_name}
              onChange={(e) => update(i, { d_name: e.target.value.trim().toLowerCase() })}
              error={bad.includes(i)}
              helperText={bad.includes(i) ? translate('brandSites.domainInvalid') : undefined}
              sx={{ flex: { sm: 1 }, width: { xs: '100%', sm: 'auto' }, minWidth: { sm: 200 } }}
            />
            <FormControlLabel
              control={<Checkbox checked={row.d_enabled} onChange={(e) => update(i, { d_enabled: e.target.checked })} />}
              label={translate('brandSites.domain.enabled')}
            />
            <Tooltip title={translate('brandSites.domain.remove')}>
              <IconButton aria-label={translate('brandSites.domain.remove')} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </Stack>
          <JsonConfigField
            label={translate('brandSites.domain.overrides')}
            name={`domain-${i}-config`}
            value={row.configText}
            onChange={(configText) => update(i, { configText })}
            rows={4}
          />
        </Paper>
      ))}
      {primaryCount !== 1 && rows.length > 0 && <Alert severity="error">{translate('brandSites.onePrimary')}</Alert>}
      <Button
        onClick={() => onChange([...rows, { d_type: rows.length ? 'alias' : 'primary', d_name: '', d_enabled: true, configText: '{}' }])}
        sx={{ alignSelf: 'flex-start' }}
      >
        {translate('brandSites.domain.add')}
      </Button>
    </Stack>
  );
}
