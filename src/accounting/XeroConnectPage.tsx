/**
 * /xero-connect: where Xero sends the browser back. It posts `code` and `state` once
 * (../pages/connectReturn) and returns to /xero; when Xero connected several organisations it asks
 * which one first.
 */
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { Connecting, useConnectReturn } from '../pages/connectReturn';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { useAccountingProvider } from './accountingProvider';
import { XERO_STATUS_KEY } from './XeroConnectionPage';

export function XeroConnectPage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`accounting.connection.${key}`, opts);
  const provider = useAccountingProvider();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const done = () => {
    void queries.invalidateQueries({ queryKey: XERO_STATUS_KEY });
    navigate('/xero', { replace: true });
  };
  const { code, complete } = useConnectReturn(
    (code, state) => provider.xeroConnect(code, state),
    (tenants) => (tenants.length > 1 ? undefined : done()),
  );
  const choose = useMutation({ mutationFn: (tenantId: string) => provider.xeroChooseTenant(tenantId), onSuccess: done });

  const tenants = complete.data ?? [];
  return (
    <PageFrame title={title}>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        {!code && <Alert severity="error">{translate('connect.missingXeroCode')}</Alert>}
        {complete.isPending && <Connecting label={t('connecting')} />}
        {tenants.length > 1 && (
          <>
            <Typography>{t('chooseTenant')}</Typography>
            {tenants.map((x) => (
              <Button key={x.tenantId} variant="outlined" disabled={choose.isPending} onClick={() => choose.mutate(x.tenantId)}>
                {t('choose', { name: x.tenantName ?? x.tenantId })}
              </Button>
            ))}
          </>
        )}
        {(!code || complete.isError || choose.isError) && (
          <Button variant="text" onClick={() => navigate('/xero')} sx={{ alignSelf: 'flex-start' }}>
            {t('backToXero')}
          </Button>
        )}
      </Stack>
    </PageFrame>
  );
}
