/**
 * /xero-connect: where Xero sends the browser back. It posts `code` and `state` once (a mutation,
 * not an effect's fetch: a state is taken by the first completion and would fail a second time)
 * and returns to /xero; when Xero connected several organisations it asks which one first.
 */
import { useEffect, useRef } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
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
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state') ?? '';
  const done = () => {
    void queries.invalidateQueries({ queryKey: XERO_STATUS_KEY });
    navigate('/xero', { replace: true });
  };
  const complete = useMutation({
    mutationFn: () => provider.xeroConnect(code ?? '', state),
    onSuccess: (tenants) => (tenants.length > 1 ? undefined : done()),
  });
  const choose = useMutation({ mutationFn: (tenantId: string) => provider.xeroChooseTenant(tenantId), onSuccess: done });
  // React's development double effects would post twice: the ref keeps it to one.
  const posted = useRef(false);
  useEffect(() => {
    if (!code || posted.current) return;
    posted.current = true;
    complete.mutate();
  }, [code, complete]);

  const tenants = complete.data ?? [];
  return (
    <PageFrame title={title}>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        {!code && <Alert severity="error">{translate('connect.missingXeroCode')}</Alert>}
        {complete.isPending && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
            <CircularProgress size={20} />
            <Typography>{t('connecting')}</Typography>
          </Box>
        )}
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
