/** /login: email and password; the server's refusal is shown on the form. */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Link as MuiLink, Stack, TextField } from '@mui/material';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { isFeatureOn } from '../../core/access/access';
import { useBrand } from '../brand/BrandContext';
import { PublicFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { login } from './authApi';
import { loginTarget } from './loginTarget';

export function LoginPage({ title }: PageProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { features } = useBrand();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(email, password);
      navigate(loginTarget(params.get('to')), { replace: true });
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : translate('errors.unknown'));
      setBusy(false);
    }
  }

  const registration = isFeatureOn(features, 'auth.publicRegistration');
  const passwordReset = registration && isFeatureOn(features, 'auth.passwordReset');
  const portalLink = isFeatureOn(features, 'job.enabled');

  return (
    <PublicFrame title={title}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={title}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label={translate('auth.email')}
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          autoFocus
          fullWidth
        />
        <TextField
          label={translate('auth.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('auth.signIn')}
        </Button>
        <Stack direction="row" spacing={2} justifyContent="space-between" flexWrap="wrap" useFlexGap>
          {passwordReset && (
            <MuiLink component={Link} to="/request-password-token">
              {translate('auth.forgotPassword')}
            </MuiLink>
          )}
          {portalLink && (
            <MuiLink component={Link} to="/portal-link">
              {translate('customerPortal.link.fromLogin')}
            </MuiLink>
          )}
          {registration && (
            <MuiLink component={Link} to="/register">
              {translate('auth.register')}
            </MuiLink>
          )}
        </Stack>
      </Stack>
    </PublicFrame>
  );
}
