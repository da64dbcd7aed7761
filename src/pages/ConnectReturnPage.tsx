/** Where Microsoft and Google send the browser back after a connection; they must bring ?code=. */
import { Alert } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { PublicFrame } from './PageFrame';
import type { PageProps } from './types';

const MISSING_CODE = {
  microsoftConnect: 'connect.missingMicrosoftCode',
  googleConnect: 'connect.missingGoogleCode',
} as const;

export function ConnectReturnPage({ route, title }: PageProps) {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const missingKey = MISSING_CODE[route.page as keyof typeof MISSING_CODE];
  return <PublicFrame title={title}>{!params.get('code') && <Alert severity="error">{translate(missingKey)}</Alert>}</PublicFrame>;
}
