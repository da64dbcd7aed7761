/** /request-password-token and /reset-password: a mailed one-time link, then a new password (signed in after). */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Link as MuiLink, Stack, TextField } from '@mui/material';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { setAuthenticated } from '../auth/authStore';
import { hashPassword } from '../auth/hashPassword';
import { passwordLengthProblem } from '../../core/auth/passwordPolicy';
import type { CurrentUser } from '../auth/types';
import { api } from '../dataProvider/apiClient';
import { PublicFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { formErrors, NO_ERRORS, type FormErrors } from './formErrors';
import { MailAddressForm } from './MailAddressForm';

export function RequestPasswordTokenPage({ title }: PageProps) {
  return (
    <MailAddressForm
      title={title}
      call="auth/getNewPasswordResetToken"
      label="publicAuth.email"
      submit="publicAuth.requestToken"
      sent="publicAuth.requestDone"
      once
    />
  );
}

export function ResetPasswordPage({ title }: PageProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const short = passwordLengthProblem(password);
    if (short) return setErrors({ fields: { password: translate(short) }, form: null });
    if (password !== again) return setErrors({ fields: { password_again: translate('publicAuth.passwordsMatch') }, form: null });
    setErrors(NO_ERRORS);
    try {
      const hashed = await hashPassword(password);
      const res = await api<CurrentUser>('auth/resetPassword', { method: 'POST', quiet: true, body: { token, password: hashed, password_again: hashed } });
      if (res?.data?.is_loggedin) {
        setAuthenticated(res.data, { fromLogin: true });
        navigate('/', { replace: true });
      }
    } catch (err) {
      const found = formErrors(err, translate('errors.unknown'));
      setErrors(found.fields.token ? { fields: found.fields, form: found.fields.token } : found);
    }
  }

  if (!token) {
    return (
      <PublicFrame title={title}>
        <Alert severity="error">{translate('publicAuth.missingToken')}</Alert>
        <MuiLink component={Link} to="/request-password-token">
          {translate('publicAuth.requestToken')}
        </MuiLink>
      </PublicFrame>
    );
  }

  return (
    <PublicFrame title={title}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={title}>
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        <TextField
          label={translate('publicAuth.newPassword')}
          type="password"
          name="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          fullWidth
        />
        <TextField
          label={translate('publicAuth.passwordAgain')}
          type="password"
          name="password_again"
          value={again}
          onChange={(e) => setAgain(e.target.value)}
          error={!!errors.fields.password_again}
          helperText={errors.fields.password_again}
          required
          fullWidth
        />
        <Button type="submit" variant="contained">
          {translate('publicAuth.setPassword')}
        </Button>
      </Stack>
    </PublicFrame>
  );
}
