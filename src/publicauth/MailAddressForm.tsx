/**
 * The public pages that ask for an address and mail something to it (/prelogin, the password
 * reset request, the portal's sign-in link). The server answers the same for every address, so
 * the page only says the mail is on its way.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Link as MuiLink, Stack, TextField, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { api } from '../dataProvider/apiClient';
import { PublicFrame } from '../pages/PageFrame';
import { formErrors, NO_ERRORS, type FormErrors } from './formErrors';

export interface MailAddressFormProps {
  title: string;
  /** The call taking `{ mail_address }`. */
  call: string;
  /** i18n keys. */
  intro?: string;
  label: string;
  submit: string;
  sent: string;
  /** A reset link is asked for once per visit; the other mails may be asked for again. */
  once?: boolean;
}

export function MailAddressForm({ title, call, intro, label, submit, sent: sentMessage, once = false }: MailAddressFormProps) {
  const translate = useTranslate();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors(NO_ERRORS);
    setSent(false);
    try {
      await api(call, { method: 'POST', quiet: true, body: { mail_address: email } });
      setSent(true);
    } catch (err) {
      setErrors(formErrors(err, translate('errors.unknown')));
    }
  }

  return (
    <PublicFrame title={title}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={title}>
        {intro && <Typography variant="body2">{translate(intro)}</Typography>}
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        <TextField
          label={translate(label)}
          type="email"
          name="mail_address"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!errors.fields.mail_address}
          helperText={errors.fields.mail_address}
          required
          fullWidth
          autoFocus
        />
        <Button type="submit" variant="contained" disabled={once && sent}>
          {translate(submit)}
        </Button>
        {sent && (
          <Alert severity="success" role="status">
            {translate(sentMessage)}
          </Alert>
        )}
        <MuiLink component={Link} to="/login">
          {translate('publicAuth.backToLogin')}
        </MuiLink>
      </Stack>
    </PublicFrame>
  );
}
