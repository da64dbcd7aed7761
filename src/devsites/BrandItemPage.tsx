/** /brand/{id?}: a brand site's columns, domains and JSON configuration; without an id, a new brand. */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useNavigate, useParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { parseBrandConfigText } from '../../core/brand/configSchema';
import { api } from '../dataProvider/apiClient';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { formErrors, NO_ERRORS, type FormErrors } from '../publicauth/formErrors';
import { DomainsEditor, domainsValid, type DomainDraft } from './DomainsEditor';
import { JsonConfigField } from './JsonConfigField';
import type { SiteRecord } from './types';

const COLUMNS = ['name', 'product_name', 'logo_url', 'wcf_form_url', 'description'] as const;
type Columns = Record<(typeof COLUMNS)[number], string>;
const EMPTY: Columns = { name: '', product_name: '', logo_url: '', wcf_form_url: '', description: '' };

export function BrandItemPage({ title }: PageProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { id } = useParams();
  const [site, setSite] = useState<SiteRecord | null>(null);
  const [columns, setColumns] = useState<Columns>(EMPTY);
  const [configText, setConfigText] = useState('{}');
  const [domains, setDomains] = useState<DomainDraft[]>([{ d_type: 'primary', d_name: '', d_enabled: true, configText: '{}' }]);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  function load(record: SiteRecord) {
    setSite(record);
    setColumns(Object.fromEntries(COLUMNS.map((c) => [c, record[c] ?? ''])) as Columns);
    setConfigText(JSON.stringify(record.config ?? {}, null, 2));
    setDomains(
      record.domains.map((d) => ({
        d_id: d.d_id,
        d_type: d.d_type,
        d_name: d.d_name,
        d_enabled: d.d_enabled,
        configText: JSON.stringify(d.d_config ?? {}, null, 2),
      })),
    );
  }

  useEffect(() => {
    if (!id) return;
    void api<SiteRecord>(`dev/sites/${encodeURIComponent(id)}/details`)
      .then((res) => res?.data && load(res.data))
      .catch(() => undefined);
  }, [id]);

  const config = parseBrandConfigText(configText);
  const domainConfigs = domains.map((d) => parseBrandConfigText(d.configText));
  const canSave = !busy && !!columns.name.trim() && !!config.value && domainConfigs.every((c) => c.value) && domainsValid(domains);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSave) return;
    setBusy(true);
    setErrors(NO_ERRORS);
    const body = {
      ...columns,
      config: config.value,
      domains: domains.map((d, i) => ({ d_id: d.d_id ?? null, d_type: d.d_type, d_name: d.d_name, d_enabled: d.d_enabled, d_config: domainConfigs[i].value })),
    };
    try {
      const res = id
        ? await api<SiteRecord>(`dev/sites/${encodeURIComponent(id)}`, { method: 'PATCH', body })
        : await api<SiteRecord>('dev/sites/create', { method: 'POST', body });
      if (res?.data) {
        load(res.data);
        if (!id) navigate(`/brand/${res.data.s_id}`, { replace: true });
      }
    } catch (err) {
      setErrors(formErrors(err, translate('errors.unknown')));
    } finally {
      setBusy(false);
    }
  }

  const f = (name: string) => translate(`brandSites.fields.${name}`);
  return (
    <PageFrame title={site ? `${title}: ${site.name}` : title}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={title} sx={{ maxWidth: 900 }}>
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        {Object.entries(errors.fields).length > 0 && (
          <Alert severity="error">
            {Object.entries(errors.fields).map(([field, message]) => (
              <div key={field}>{`${field}: ${message}`}</div>
            ))}
          </Alert>
        )}
        {COLUMNS.map((c) => (
          <TextField
            key={c}
            name={c}
            label={f(c)}
            value={columns[c]}
            onChange={(e) => setColumns((v) => ({ ...v, [c]: e.target.value }))}
            required={c === 'name'}
            multiline={c === 'description'}
            fullWidth
          />
        ))}
        {site && (
          <Stack direction="row" spacing={2}>
            <TextField label={f('db_name')} value={site.db_name ?? ''} slotProps={{ input: { readOnly: true } }} fullWidth />
            <TextField label={f('schema_name')} value={site.schema_name ?? ''} slotProps={{ input: { readOnly: true } }} fullWidth />
          </Stack>
        )}
        <Typography variant="h6" component="h2">
          {f('domains')}
        </Typography>
        <DomainsEditor rows={domains} onChange={setDomains} />
        <JsonConfigField label={f('config')} name="config" value={configText} onChange={setConfigText} />
        <Button type="submit" variant="contained" disabled={!canSave} sx={{ alignSelf: 'flex-start' }}>
          {translate('brandSites.save')}
        </Button>
      </Stack>
    </PageFrame>
  );
}
