/**
 * /prelogin: the address first; the list of brand sites it signs in to goes by mail to that
 * address (the server answers the same for every address, so the page only says it was sent).
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Link as MuiLink, Stack, TextField } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { api } from '../dataProvider/apiClient';
import { PublicFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { formErrors, NO_ERRORS, type FormErrors } from './formErrors';

export function PreloginPage({ title }: PageProps) {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors(NO_ERRORS);
    setSent(false);
    try {
      await api('auth/prelogin', { method: 'POST', quiet: true, body: { mail_address: email } });
      setSent(true);
    } catch (err) {
      setErrors(formErrors(err, translate('errors.unknown')));
    }
  }

  return (
    <PublicFrame title={title}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={title}>
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        <TextField
          label={translate('publicAuth.email')}
          type="email"
          name="mail_address"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!errors.fields.mail_address}
          helperText={errors.fields.mail_address}
          required
          fullWidth
          autoFocus
        />
        <Button type="submit" variant="contained">
          {translate('publicAuth.continue')}
        </Button>
        {sent && (
          <Alert severity="info" role="status">
            {translate('publicAuth.preloginSent')}
          </Alert>
        )}
        <MuiLink component={Link} to="/login">
          {translate('publicAuth.backToLogin')}
        </MuiLink>
      </Stack>
    </PublicFrame>
  );
}
