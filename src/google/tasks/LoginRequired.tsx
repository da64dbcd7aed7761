/** 'Google login/connection is required!' with the way to the dashboard, where an account is connected. */
import { Alert, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'ra-core';

export function LoginRequired() {
  const translate = useTranslate();
  return (
    <Alert severity="warning">
      {translate('google.loginRequired')}{' '}
      <Link component={RouterLink} to="/google/dashboard">
        {translate('google.drive.connect')}
      </Link>
    </Alert>
  );
}
