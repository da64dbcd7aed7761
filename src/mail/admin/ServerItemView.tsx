/**
 * One outgoing (SMTP) or incoming (IMAP) server. The password field always starts empty: the
 * server never sends the stored secret, only `has_password`; leaving it empty keeps it.
 */
import { useEffect, useState } from 'react';
import { Button, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useNavigate, useParams } from 'react-router-dom';
import { PageFrame } from '../../pages/PageFrame';
import { SERVER_KINDS, serverApi, type ServerKindName } from './adminApi';
import { attempt, type FieldErrorMap } from './attempt';

interface Form {
  name: string;
  host: string;
  port: string;
  secure: boolean;
  auth: 'plain' | 'oauth';
  user: string;
  password: string;
  from: string;
  isDefault: boolean;
}

const EMPTY: Form = { name: '', host: '', port: '', secure: true, auth: 'plain', user: '', password: '', from: '', isDefault: false };

export function ServerItemView({ kind, title }: { kind: ServerKindName; title: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const k = SERVER_KINDS[kind];
  const id = Number(useParams().id) || null;
  const [form, setForm] = useState<Form>(EMPTY);
  const [hasPassword, setHasPassword] = useState(false);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const col = (name: string) => `${k.prefix}${name}`;

  useEffect(() => {
    if (!id) return;
    void attempt(() => serverApi.details(kind, id)).then((row) => {
      if (!row) return;
      setHasPassword(row.has_password);
      setForm({
        name: String(row[col('name')] ?? ''),
        host: String(row[col('host')] ?? ''),
        port: String(row[col('port')] ?? ''),
        secure: !!row[col('secure')],
        auth: row[col('auth')] === 'oauth' ? 'oauth' : 'plain',
        user: String(row[col('user')] ?? ''),
        password: '',
        from: String(row.mailserver_from ?? ''),
        isDefault: !!row.mailserver_is_default,
      });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, id]);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const save = async () => {
    const body: Record<string, unknown> = {
      [col('name')]: form.name,
      [col('host')]: form.host,
      [col('port')]: form.port,
      [col('secure')]: form.secure,
      [col('auth')]: form.auth,
      [col('user')]: form.user,
    };
    // Only a typed password is sent: an empty field keeps the stored one.
    if (form.password) body[col('pass')] = form.password;
    if (kind === 'smtp') Object.assign(body, { mailserver_from: form.from, mailserver_is_default: form.isDefault });
    const saved = await attempt(() => serverApi.save(kind, id, body), setErrors);
    if (!saved) return;
    setHasPassword(saved.has_password);
    set('password', '');
    if (!id) navigate(`${k.itemPath}/${String(saved[k.idCol])}`, { replace: true });
  };
  const remove = async () => {
    if (id && (await attempt(() => serverApi.remove(kind, id)))) navigate(k.listPath);
  };

  const field = (key: 'name' | 'host' | 'port' | 'user' | 'from', wire: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={translate(label)}
      value={form[key]}
      onChange={(e) => set(key, e.target.value)}
      error={!!errors[wire]}
      helperText={errors[wire]}
      {...extra}
    />
  );
  return (
    <PageFrame title={title}>
      <Stack spacing={2} sx={{ maxWidth: 520 }} component="form" onSubmit={(e) => (e.preventDefault(), void save())}>
        {field('name', col('name'), 'mailAdmin.fields.name', { required: true })}
        {field('host', col('host'), 'mailAdmin.fields.host', { required: true })}
        {field('port', col('port'), 'mailAdmin.fields.port', { required: true, type: 'number' })}
        <FormControlLabel control={<Switch checked={form.secure} onChange={(e) => set('secure', e.target.checked)} />} label={translate('mailAdmin.fields.secure')} />
        <TextField select label={translate('mailAdmin.fields.auth')} value={form.auth} onChange={(e) => set('auth', e.target.value === 'oauth' ? 'oauth' : 'plain')}>
          <MenuItem value="plain">{translate('mailAdmin.fields.authPlain')}</MenuItem>
          <MenuItem value="oauth">{translate('mailAdmin.fields.authOauth')}</MenuItem>
        </TextField>
        {field('user', col('user'), 'mailAdmin.fields.user')}
        <TextField
          label={translate('mailAdmin.fields.password')}
          type="password"
          autoComplete="new-password"
          value={form.password}
          onChange={(e) => set('password', e.target.value)}
          helperText={errors[col('pass')] ?? (hasPassword ? translate('mailAdmin.fields.passwordKept') : undefined)}
          error={!!errors[col('pass')]}
        />
        {kind === 'smtp' && field('from', 'mailserver_from', 'mailAdmin.fields.from', { required: true })}
        {kind === 'smtp' && (
          <FormControlLabel control={<Switch checked={form.isDefault} onChange={(e) => set('isDefault', e.target.checked)} />} label={translate('mailAdmin.fields.isDefault')} />
        )}
        <Stack direction="row" spacing={2}>
          <Button type="submit" variant="contained">
            {translate('mailAdmin.actions.save')}
          </Button>
          {id && (
            <Button color="error" onClick={() => void remove()}>
              {translate('mailAdmin.actions.delete')}
            </Button>
          )}
          <Button onClick={() => navigate(k.listPath)}>{translate('mailAdmin.actions.back')}</Button>
        </Stack>
      </Stack>
    </PageFrame>
  );
}
