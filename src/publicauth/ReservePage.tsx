/** /reserve: a new company reserves its own brand site, with its first admin, and opens it. */
import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, FormControlLabel, FormHelperText, InputAdornment, Stack, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { hashPassword } from '../auth/hashPassword';
import { api } from '../dataProvider/apiClient';
import { PublicFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { accountFormProblems, formErrors, NO_ERRORS, type FormErrors } from './formErrors';

interface Reserved {
  domain: string;
  loginUrl: string;
}

const EMPTY = { company: '', subdomain: '', firstname: '', surname: '', email: '', password: '', password_again: '' };

export function ReservePage({ title }: PageProps) {
  const translate = useTranslate();
  const [values, setValues] = useState(EMPTY);
  const [terms, setTerms] = useState(false);
  const [available, setAvailable] = useState<number | null>(null);
  const [taken, setTaken] = useState<{ suffix: string; list: string[] }>({ suffix: '', list: [] });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Reserved | null>(null);

  useEffect(() => {
    void api<number>('auth/getAvailableSchemasCount', { quiet: true })
      .then((r) => setAvailable(r?.data ?? null))
      .catch(() => undefined);
    void api<{ domainSuffix: string; reserved: string[] }>('auth/getReservedBrands', { quiet: true })
      .then((r) => r?.data && setTaken({ suffix: r.data.domainSuffix, list: r.data.reserved }))
      .catch(() => undefined);
  }, []);

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));
  const subdomainTaken = taken.list.includes(values.subdomain.trim().toLowerCase());

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problems = accountFormProblems(values, terms, translate);
    if (problems) return setErrors(problems);
    setBusy(true);
    setErrors(NO_ERRORS);
    try {
      const password = await hashPassword(values.password);
      const res = await api<Reserved>('auth/reserveSchema', {
        method: 'POST',
        quiet: true,
        body: { ...values, password, password_again: password, accept_terms: terms },
      });
      if (res?.data) setDone(res.data);
    } catch (err) {
      setErrors(formErrors(err, translate('errors.unknown')));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <PublicFrame title={title}>
        <Alert severity="success">{translate('publicAuth.reserved', { domain: done.domain })}</Alert>
        <Button variant="contained" href={done.loginUrl}>
          {translate('publicAuth.openSite')}
        </Button>
      </PublicFrame>
    );
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

  return (
    <PublicFrame title={title}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={title}>
        {available !== null && (
          <Alert severity={available > 0 ? 'info' : 'warning'}>
            {available > 0 ? translate('publicAuth.available', { count: available }) : translate('publicAuth.noneAvailable')}
          </Alert>
        )}
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        {field('company', 'publicAuth.company')}
        <TextField
          label={translate('publicAuth.subdomain')}
          name="subdomain"
          value={values.subdomain}
          onChange={set('subdomain')}
          error={!!errors.fields.subdomain || subdomainTaken}
          helperText={errors.fields.subdomain ?? (subdomainTaken ? translate('publicAuth.taken') : undefined)}
          slotProps={{ input: { endAdornment: taken.suffix ? <InputAdornment position="end">.{taken.suffix}</InputAdornment> : undefined } }}
          required
          fullWidth
        />
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
        <Button type="submit" variant="contained" disabled={busy || available === 0}>
          {translate('publicAuth.reserve')}
        </Button>
      </Stack>
    </PublicFrame>
  );
}
