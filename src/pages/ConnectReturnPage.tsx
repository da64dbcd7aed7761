/** Where Microsoft sends the browser back after a connection; it must bring ?code= (Google's is src/google/GoogleConnectPage). */
import { Alert } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { PublicFrame } from './PageFrame';
import type { PageProps } from './types';

const MISSING_CODE = {
  microsoftConnect: 'connect.missingMicrosoftCode',
} as const;

export function ConnectReturnPage({ route, title }: PageProps) {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const missingKey = MISSING_CODE[route.page as keyof typeof MISSING_CODE];
  return <PublicFrame title={title}>{!params.get('code') && <Alert severity="error">{translate(missingKey)}</Alert>}</PublicFrame>;
}
