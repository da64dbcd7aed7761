/** The password change block (SPEC.md point 5): old, new, new again; not shown to a Customer. */
import { useState, type FormEvent } from 'react';
import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { passwordLengthProblem } from '../../core/auth/passwordPolicy';
import { useUsersProvider } from '../users/usersProvider';

const EMPTY = { old: '', next: '', again: '' };

export function PasswordBlock() {
  const translate = useTranslate();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const [busy, setBusy] = useState(false);
  const provider = useUsersProvider();
  const t = (key: string) => translate(`userSettings.${key}`);

  const field = (name: keyof typeof EMPTY, label: string) => (
    <TextField
      id={`password-${name}`}
      type="password"
      label={label}
      value={values[name]}
      autoComplete={name === 'old' ? 'current-password' : 'new-password'}
      error={!!errors[name]}
      helperText={errors[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      fullWidth
    />
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    for (const name of ['old', 'next', 'again'] as const) if (!values[name]) found[name] = translate('validation.required');
    const short = values.next ? passwordLengthProblem(values.next) : null;
    if (short) found.next = translate(short);
    if (!found.again && values.next !== values.again) found.again = translate('validation.passwordMismatch');
    setErrors(found);
    if (Object.keys(found).length || busy) return;
    setBusy(true);
    if (await provider.changeOwnPassword(values.old, values.next, values.again)) setValues(EMPTY);
    setBusy(false);
  }

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('passwordTitle')}
        </Typography>
        <Stack component="form" spacing={2} sx={{ maxWidth: 560 }} onSubmit={submit} noValidate>
          {field('old', t('oldPassword'))}
          {field('next', t('newPassword'))}
          {field('again', t('newPasswordAgain'))}
          <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {t('changePassword')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
