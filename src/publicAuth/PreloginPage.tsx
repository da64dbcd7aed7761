/** /prelogin: the address first; then where (which brand site) and how it signs in. */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Link as MuiLink, List, ListItem, ListItemText, Stack, TextField } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { api } from '../dataProvider/apiClient';
import { PublicFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { formErrors, NO_ERRORS, type FormErrors } from './formErrors';

interface PreloginBrand {
  name: string;
  domain: string;
  current: boolean;
  method: string;
}

function loginHref(b: PreloginBrand, email: string): string {
  const port = window.location.port ? `:${window.location.port}` : '';
  const origin = b.current ? '' : `${window.location.protocol}//${b.domain}${port}`;
  return `${origin}/login?email=${encodeURIComponent(email)}`;
}

export function PreloginPage({ title }: PageProps) {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<PreloginBrand[] | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors(NO_ERRORS);
    try {
      const res = await api<{ brands: PreloginBrand[] }>('auth/prelogin', { method: 'POST', quiet: true, body: { mail_address: email } });
      setFound(res?.data?.brands ?? []);
    } catch (err) {
      setErrors(formErrors(err, translate('errors.unknown')));
    }
  }

  return (
    <PublicFrame title={title}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={title}>
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        <TextField label={translate('publicAuth.email')} type="email" name="mail_address" value={email} onChange={(e) => setEmail(e.target.value)} error={!!errors.fields.mail_address} helperText={errors.fields.mail_address} required fullWidth autoFocus />
        <Button type="submit" variant="contained">
          {translate('publicAuth.continue')}
        </Button>
        {found && found.length === 0 && <Alert severity="info">{translate('publicAuth.preloginNone')}</Alert>}
        {found && found.length > 0 && (
          <List aria-label={translate('publicAuth.preloginFound')} subheader={translate('publicAuth.preloginFound')}>
            {found.map((b) => (
              <ListItem key={b.domain} disableGutters>
                <ListItemText
                  primary={<MuiLink href={loginHref(b, email)}>{b.current ? `${b.name} (${translate('publicAuth.thisSite')})` : b.name}</MuiLink>}
                  secondary={`${b.domain} — ${translate('publicAuth.methodPassword')}`}
                />
              </ListItem>
            ))}
          </List>
        )}
        <MuiLink component={Link} to="/login">
          {translate('publicAuth.backToLogin')}
        </MuiLink>
      </Stack>
    </PublicFrame>
  );
}
