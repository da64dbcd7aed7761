/**
 * /microsoft-connect: where Microsoft sends the browser back. It posts `code` and `state` once
 * (../pages/connectReturn) and returns to /microsoft/dashboard; without a code it says 'Missing microsoft code!'.
 */
import { Alert, Button, Stack } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Connecting, useConnectReturn } from '../pages/connectReturn';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { MICROSOFT_ACCOUNTS_KEY, useMicrosoftProvider } from './microsoftProvider';

export function MicrosoftConnectPage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (key: string) => translate(`microsoft.accounts.${key}`);
  const provider = useMicrosoftProvider();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const { code, complete } = useConnectReturn(
    (code, state) => provider.microsoftConnect(code, state),
    () => {
      void queries.invalidateQueries({ queryKey: MICROSOFT_ACCOUNTS_KEY });
      navigate('/microsoft/dashboard', { replace: true });
    },
  );

  return (
    <PageFrame title={title}>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        {!code && <Alert severity="error">{translate('connect.missingMicrosoftCode')}</Alert>}
        {complete.isPending && <Connecting label={t('connecting')} />}
        {(!code || complete.isError) && (
          <Button variant="text" onClick={() => navigate('/microsoft/dashboard')} sx={{ alignSelf: 'flex-start' }}>
            {t('backToDashboard')}
          </Button>
        )}
      </Stack>
    </PageFrame>
  );
}
