/** /admin/siteConfig: the brand's per-brand job values, validated here and on the server alike. */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, Card, CardContent, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { api } from '../dataProvider/apiClient';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { SITE_CONFIG_DEFAULTS, SITE_CONFIG_KEYS, validateSiteConfigPatch, type SiteConfigKey } from '../../core/siteconfig/siteConfig';

type Values = Record<SiteConfigKey, string>;

const asText = (config: Record<string, unknown>) => Object.fromEntries(SITE_CONFIG_KEYS.map((k) => [k, String(config[k] ?? '')])) as Values;

/** Form text → wire value: numbers for the numeric keys ('' stays '' so it reads as missing). */
function toWire(key: SiteConfigKey, text: string): unknown {
  if (typeof SITE_CONFIG_DEFAULTS[key] !== 'number') return text.trim() === '' ? null : text.trim();
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : text;
}

export function SiteConfigPage({ title }: PageProps) {
  const translate = useTranslate();
  const [loaded, setLoaded] = useState<Values | null>(null);
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Partial<Values>>({});

  useEffect(() => {
    const controller = new AbortController();
    api<Record<string, unknown>>('siteconfig/values', { resource: 'siteconfig', signal: controller.signal })
      .then((res) => {
        const text = asText(res?.data ?? {});
        setLoaded(text);
        setValues(text);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!values || !loaded) return;
    const patch = Object.fromEntries(SITE_CONFIG_KEYS.filter((k) => values[k] !== loaded[k]).map((k) => [k, toWire(k, values[k])]));
    const found = validateSiteConfigPatch(patch);
    setErrors(Object.fromEntries(found.map((e) => [e.field, translate(e.message)])));
    if (found.length || !Object.keys(patch).length) return;
    try {
      const res = await api<Record<string, unknown>>('siteconfig/values', { method: 'PATCH', body: patch, resource: 'siteconfig' });
      const text = asText(res?.data ?? {});
      setLoaded(text);
      setValues(text);
    } catch {
      // The fetch wrapper has shown and stored the refusal.
    }
  }

  return (
    <PageFrame title={title}>
      <Card>
        <CardContent>
          {values && (
            <Stack component="form" spacing={2} sx={{ maxWidth: 560 }} onSubmit={save} noValidate>
              {SITE_CONFIG_KEYS.map((key) => (
                <TextField
                  key={key}
                  id={`siteconfig-${key}`}
                  label={translate(`siteConfig.${key}`)}
                  value={values[key]}
                  error={!!errors[key]}
                  helperText={errors[key]}
                  inputMode={typeof SITE_CONFIG_DEFAULTS[key] === 'number' ? 'decimal' : 'text'}
                  onChange={(e) => setValues((v) => (v ? { ...v, [key]: e.target.value } : v))}
                  fullWidth
                />
              ))}
              <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
                {translate('siteConfig.save')}
              </Button>
            </Stack>
          )}
        </CardContent>
      </Card>
    </PageFrame>
  );
}
