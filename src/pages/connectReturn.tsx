/**
 * What every provider's return page (/xero-connect, /google-connect) shares: the code and state
 * from the address, posted once as a mutation (a state is used up by its first completion, so a
 * second post would fail; React's development double effects would otherwise post twice), and the
 * "connecting" line while it runs.
 */
import { useEffect, useRef } from 'react';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';

export interface ConnectReturn<T> {
  /** The provider's code; null when the address has none (the page says so). */
  code: string | null;
  complete: UseMutationResult<T, Error, void>;
}

export function useConnectReturn<T>(post: (code: string, state: string) => Promise<T>, onSuccess: (result: T) => void): ConnectReturn<T> {
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state') ?? '';
  const complete = useMutation({ mutationFn: () => post(code ?? '', state), onSuccess });
  const posted = useRef(false);
  useEffect(() => {
    if (!code || posted.current) return;
    posted.current = true;
    complete.mutate();
  }, [code, complete]);
  return { code, complete };
}

export function Connecting({ label }: { label: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
      <CircularProgress size={20} />
      <Typography>{label}</Typography>
    </Box>
  );
}
