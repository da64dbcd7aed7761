/**
 * /google-connect: where Google sends the browser back. It posts `code` and `state` once (a
 * mutation, not an effect's fetch: a state is taken by the first completion and would fail a second
 * time) and returns to /google/dashboard; without a code it says 'Missing google code!'.
 */
import { useEffect, useRef } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { GOOGLE_ACCOUNTS_KEY, useGoogleProvider } from './googleProvider';

export function GoogleConnectPage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (key: string) => translate(`google.accounts.${key}`);
  const provider = useGoogleProvider();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state') ?? '';
  const complete = useMutation({
    mutationFn: () => provider.googleConnect(code ?? '', state),
    onSuccess: () => {
      void queries.invalidateQueries({ queryKey: GOOGLE_ACCOUNTS_KEY });
      navigate('/google/dashboard', { replace: true });
    },
  });
  // React's development double effects would post twice: the ref keeps it to one.
  const posted = useRef(false);
  useEffect(() => {
    if (!code || posted.current) return;
    posted.current = true;
    complete.mutate();
  }, [code, complete]);

  return (
    <PageFrame title={title}>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        {!code && <Alert severity="error">{translate('connect.missingGoogleCode')}</Alert>}
        {complete.isPending && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
            <CircularProgress size={20} />
            <Typography>{t('connecting')}</Typography>
          </Box>
        )}
        {(!code || complete.isError) && (
          <Button variant="text" onClick={() => navigate('/google/dashboard')} sx={{ alignSelf: 'flex-start' }}>
            {t('backToDashboard')}
          </Button>
        )}
      </Stack>
    </PageFrame>
  );
}
