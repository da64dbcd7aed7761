/**
 * One outgoing (SMTP) or incoming (IMAP) server. The password field always starts empty: the
 * server never sends the stored secret, only `has_password`; leaving it empty keeps it. With OAuth
 * the token endpoint, client id, client secret and refresh token take the password's place; the
 * two secrets are write-only the same way (`has_client_secret`, `has_refresh_token`).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, FormControlLabel, MenuItem, Stack, Switch, TextField } from '@mui/material';
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
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  from: string;
  isDefault: boolean;
}

const EMPTY: Form = {
  name: '',
  host: '',
  port: '',
  secure: true,
  auth: 'plain',
  user: '',
  password: '',
  tokenUrl: '',
  clientId: '',
  clientSecret: '',
  refreshToken: '',
  from: '',
  isDefault: false,
};

/** What the server says it keeps, without the secrets themselves. */
interface StoredSecrets {
  password: boolean;
  clientSecret: boolean;
  refreshToken: boolean;
  expiresAt: string | null;
  oauthError: string | null;
}

const NOTHING_STORED: StoredSecrets = { password: false, clientSecret: false, refreshToken: false, expiresAt: null, oauthError: null };

function storedOf(row: Record<string, unknown>, col: (name: string) => string): StoredSecrets {
  const textOf = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    password: !!row.has_password,
    clientSecret: !!row.has_client_secret,
    refreshToken: !!row.has_refresh_token,
    expiresAt: textOf(row[col('oauth_expires_at')]),
    oauthError: textOf(row[col('oauth_error')]),
  };
}

export function ServerItemView({ kind, title }: { kind: ServerKindName; title: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const k = SERVER_KINDS[kind];
  const id = Number(useParams().id) || null;
  const [form, setForm] = useState<Form>(EMPTY);
  const [stored, setStored] = useState<StoredSecrets>(NOTHING_STORED);
  const [errors, setErrors] = useState<FieldErrorMap>({});
  const col = (name: string) => `${k.prefix}${name}`;

  useEffect(() => {
    if (!id) return;
    void attempt(() => serverApi.details(kind, id)).then((row) => {
      if (!row) return;
      setStored(storedOf(row, col));
      setForm({
        name: String(row[col('name')] ?? ''),
        host: String(row[col('host')] ?? ''),
        port: String(row[col('port')] ?? ''),
        secure: !!row[col('secure')],
        auth: row[col('auth')] === 'oauth' ? 'oauth' : 'plain',
        user: String(row[col('user')] ?? ''),
        password: '',
        tokenUrl: String(row[col('oauth_token_url')] ?? ''),
        clientId: String(row[col('oauth_client_id')] ?? ''),
        clientSecret: '',
        refreshToken: '',
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
    // Only a typed secret is sent: an empty field keeps the stored one.
    if (form.auth === 'plain' && form.password) body[col('pass')] = form.password;
    if (form.auth === 'oauth') {
      Object.assign(body, { [col('oauth_token_url')]: form.tokenUrl, [col('oauth_client_id')]: form.clientId });
      if (form.clientSecret) body[col('oauth_client_secret')] = form.clientSecret;
      if (form.refreshToken) body[col('oauth_refresh_token')] = form.refreshToken;
    }
    if (kind === 'smtp') Object.assign(body, { mailserver_from: form.from, mailserver_is_default: form.isDefault });
    const saved = await attempt(() => serverApi.save(kind, id, body), setErrors);
    if (!saved) return;
    setStored(storedOf(saved, col));
    setForm((f) => ({ ...f, password: '', clientSecret: '', refreshToken: '' }));
    if (!id) navigate(`${k.itemPath}/${String(saved[k.idCol])}`, { replace: true });
  };
  const remove = async () => {
    if (id && (await attempt(() => serverApi.remove(kind, id)))) navigate(k.listPath);
  };

  const field = (
    key: 'name' | 'host' | 'port' | 'user' | 'from' | 'tokenUrl' | 'clientId',
    wire: string,
    label: string,
    extra: Record<string, unknown> = {},
  ) => (
    <TextField
      label={translate(label)}
      value={form[key]}
      onChange={(e) => set(key, e.target.value)}
      error={!!errors[wire]}
      helperText={errors[wire]}
      {...extra}
    />
  );
  const secret = (key: 'password' | 'clientSecret' | 'refreshToken', wire: string, label: string, isStored: boolean, keptText: string) => (
    <TextField
      label={translate(label)}
      type="password"
      autoComplete="new-password"
      value={form[key]}
      onChange={(e) => set(key, e.target.value)}
      helperText={errors[wire] ?? (isStored ? translate(keptText) : undefined)}
      error={!!errors[wire]}
    />
  );
  return (
    <PageFrame title={title}>
      <Stack spacing={2} sx={{ maxWidth: 520 }} component="form" onSubmit={(e) => (e.preventDefault(), void save())}>
        {field('name', col('name'), 'mailAdmin.fields.name', { required: true })}
        {field('host', col('host'), 'mailAdmin.fields.host', { required: true })}
        {field('port', col('port'), 'mailAdmin.fields.port', { required: true, type: 'number' })}
        <FormControlLabel
          control={<Switch checked={form.secure} onChange={(e) => set('secure', e.target.checked)} />}
          label={translate('mailAdmin.fields.secure')}
        />
        <TextField
          select
          label={translate('mailAdmin.fields.auth')}
          value={form.auth}
          onChange={(e) => set('auth', e.target.value === 'oauth' ? 'oauth' : 'plain')}
        >
          <MenuItem value="plain">{translate('mailAdmin.fields.authPlain')}</MenuItem>
          <MenuItem value="oauth">{translate('mailAdmin.fields.authOauth')}</MenuItem>
        </TextField>
        {field('user', col('user'), 'mailAdmin.fields.user')}
        {form.auth === 'plain' && secret('password', col('pass'), 'mailAdmin.fields.password', stored.password, 'mailAdmin.fields.passwordKept')}
        {form.auth === 'oauth' && (
          <>
            {field('tokenUrl', col('oauth_token_url'), 'mailAdmin.fields.oauthTokenUrl', {
              required: true,
              placeholder: 'https://oauth2.googleapis.com/token',
            })}
            {field('clientId', col('oauth_client_id'), 'mailAdmin.fields.oauthClientId', { required: true })}
            {secret('clientSecret', col('oauth_client_secret'), 'mailAdmin.fields.oauthClientSecret', stored.clientSecret, 'mailAdmin.fields.clientSecretKept')}
            {secret('refreshToken', col('oauth_refresh_token'), 'mailAdmin.fields.oauthRefreshToken', stored.refreshToken, 'mailAdmin.fields.refreshTokenKept')}
            {stored.expiresAt && (
              <TextField label={translate('mailAdmin.fields.oauthExpires')} value={stored.expiresAt} slotProps={{ input: { readOnly: true } }} />
            )}
            {stored.oauthError && <Alert severity="error">{translate('mailAdmin.errors.oauthRefused', { error: stored.oauthError })}</Alert>}
          </>
        )}
        {kind === 'smtp' && field('from', 'mailserver_from', 'mailAdmin.fields.from', { required: true })}
        {kind === 'smtp' && (
          <FormControlLabel
            control={<Switch checked={form.isDefault} onChange={(e) => set('isDefault', e.target.checked)} />}
            label={translate('mailAdmin.fields.isDefault')}
          />
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
