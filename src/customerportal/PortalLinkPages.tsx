/**
 * /portal-link and /portal-signin: a customer signs in by a single-use link mailed to them
 * (auth/portalLink, auth/portalLinkSignIn). The server answers the same for every address, so the
 * first page only says a link may be on its way. The second signs in only when the button is
 * pressed, so a mail scanner that opens the link does not spend it.
 */
import { useState } from 'react';
import { Alert, Button, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { setAuthenticated } from '../auth/authStore';
import type { CurrentUser } from '../auth/types';
import { api } from '../dataProvider/apiClient';
import { PublicFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { formErrors } from '../publicauth/formErrors';
import { MailAddressForm } from '../publicauth/MailAddressForm';

export function PortalLinkPage({ title }: PageProps) {
  return (
    <MailAddressForm
      title={title}
      call="auth/portalLink"
      intro="customerPortal.link.intro"
      label="customerPortal.link.email"
      submit="customerPortal.link.send"
      sent="customerPortal.link.requested"
    />
  );
}

export function PortalSignInPage({ title }: PageProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const res = await api<CurrentUser>('auth/portalLinkSignIn', { method: 'POST', quiet: true, body: { token } });
      if (res?.data?.is_loggedin) {
        setAuthenticated(res.data, { fromLogin: true });
        navigate('/portal', { replace: true });
      }
    } catch (err) {
      const found = formErrors(err, translate('errors.unknown'));
      setError(found.fields.token ?? found.form);
      setBusy(false);
    }
  }

  return (
    <PublicFrame title={title}>
      <Stack spacing={2}>
        {token ? (
          <>
            <Typography variant="body2">{translate('customerPortal.link.signInIntro')}</Typography>
            {error && <Alert severity="error">{error}</Alert>}
            <Button variant="contained" onClick={() => void signIn()} disabled={busy || !!error}>
              {translate('customerPortal.link.signIn')}
            </Button>
          </>
        ) : (
          <Alert severity="error">{translate('customerPortal.link.missing')}</Alert>
        )}
        <MuiLink component={Link} to="/portal-link">
          {translate('customerPortal.link.again')}
        </MuiLink>
      </Stack>
    </PublicFrame>
  );
}
