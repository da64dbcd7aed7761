/**
 * /register: a new account on this brand (when auth.publicRegistration is on). The form asks; the
 * server mails a link (the answer is the same for an address that already has an account), and
 * the link, /register?token=..., finishes the account and ends signed in.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, FormControlLabel, FormHelperText, Link as MuiLink, Stack, TextField } from '@mui/material';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { isFeatureOn } from '../../core/access/access';
import { setAuthenticated } from '../auth/authStore';
import { hashPassword } from '../auth/hashPassword';
import type { CurrentUser } from '../auth/types';
import { useBrand } from '../brand/BrandContext';
import { api } from '../dataProvider/apiClient';
import { PublicFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { registrationProblems, formErrors, NO_ERRORS, type FormErrors } from './formErrors';

const EMPTY = { firstname: '', surname: '', email: '', password: '', password_again: '' };

export function RegisterPage({ title }: PageProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { features } = useBrand();
  const [values, setValues] = useState(EMPTY);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirming = useRef(false);

  // The mailed link: finish the registration once, then in like login.
  useEffect(() => {
    if (!token || confirming.current || !isFeatureOn(features, 'auth.publicRegistration')) return;
    confirming.current = true;
    api<CurrentUser>('auth/confirmRegistration', { method: 'POST', quiet: true, body: { token } })
      .then((res) => {
        if (res?.data?.is_loggedin) {
          setAuthenticated(res.data, { fromLogin: true });
          navigate('/', { replace: true });
        }
      })
      .catch((err) => {
        const found = formErrors(err, translate('errors.unknown'));
        setErrors({ fields: {}, form: found.fields.token ?? found.form });
      });
  }, [token, features, navigate, translate]);

  if (!isFeatureOn(features, 'auth.publicRegistration')) {
    return (
      <PublicFrame title={title}>
        <Alert severity="warning">{translate('publicAuth.notAllowed')}</Alert>
      </PublicFrame>
    );
  }

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problems = registrationProblems(values, terms, translate);
    if (problems) return setErrors(problems);
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const password = await hashPassword(values.password);
      await api('auth/register', { method: 'POST', quiet: true, body: { ...values, password, password_again: password, accept_terms: terms } });
      setSent(true);
      setValues(EMPTY);
    } catch (err) {
      setErrors(formErrors(err, translate('errors.unknown')));
    } finally {
      setBusy(false);
    }
  }

  const field = (key: keyof typeof EMPTY, label: string, type = 'text') => (
    <TextField
      label={translate(label)}
      name={key}
      type={type}
      value={values[key]}
      onChange={set(key)}
      error={!!errors.fields[key]}
      helperText={errors.fields[key]}
      required
      fullWidth
    />
  );

  if (token) {
    return (
      <PublicFrame title={title}>
        <Stack spacing={2}>
          {errors.form ? (
            <Alert severity="error">{errors.form}</Alert>
          ) : (
            <Alert severity="info" role="status">
              {translate('publicAuth.confirming')}
            </Alert>
          )}
          <MuiLink component={Link} to="/login">
            {translate('publicAuth.backToLogin')}
          </MuiLink>
        </Stack>
      </PublicFrame>
    );
  }

  return (
    <PublicFrame title={title}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={title}>
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        {sent && (
          <Alert severity="success" role="status">
            {translate('publicAuth.registerSent')}
          </Alert>
        )}
        {field('firstname', 'publicAuth.firstname')}
        {field('surname', 'publicAuth.surname')}
        {field('email', 'publicAuth.email', 'email')}
        {field('password', 'publicAuth.password', 'password')}
        {field('password_again', 'publicAuth.passwordAgain', 'password')}
        <FormControlLabel
          control={<Checkbox checked={terms} onChange={(e) => setTerms(e.target.checked)} name="accept_terms" />}
          label={translate('publicAuth.acceptTerms')}
        />
        {errors.fields.accept_terms && <FormHelperText error>{errors.fields.accept_terms}</FormHelperText>}
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('publicAuth.createAccount')}
        </Button>
        <MuiLink component={Link} to="/login">
          {translate('publicAuth.backToLogin')}
        </MuiLink>
      </Stack>
    </PublicFrame>
  );
}
