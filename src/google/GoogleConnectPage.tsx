/**
 * /google-connect: where Google sends the browser back. It posts `code` and `state` once
 * (../pages/connectReturn) and returns to /google/dashboard; without a code it says 'Missing google code!'.
 */
import { Alert, Button, Stack } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Connecting, useConnectReturn } from '../pages/connectReturn';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { GOOGLE_ACCOUNTS_KEY, useGoogleProvider } from './googleProvider';

export function GoogleConnectPage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (key: string) => translate(`google.accounts.${key}`);
  const provider = useGoogleProvider();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const { code, complete } = useConnectReturn(
    (code, state) => provider.googleConnect(code, state),
    () => {
      void queries.invalidateQueries({ queryKey: GOOGLE_ACCOUNTS_KEY });
      navigate('/google/dashboard', { replace: true });
    },
  );

  return (
    <PageFrame title={title}>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        {!code && <Alert severity="error">{translate('connect.missingGoogleCode')}</Alert>}
        {complete.isPending && <Connecting label={t('connecting')} />}
        {(!code || complete.isError) && (
          <Button variant="text" onClick={() => navigate('/google/dashboard')} sx={{ alignSelf: 'flex-start' }}>
            {t('backToDashboard')}
          </Button>
        )}
      </Stack>
    </PageFrame>
  );
}
