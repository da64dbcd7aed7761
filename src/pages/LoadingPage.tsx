import { Box, CircularProgress } from '@mui/material';
import { useTranslate } from 'ra-core';

/** Shown while the user (whoami) or the brand is still loading. */
export function LoadingPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '50vh' }}>
      <CircularProgress aria-label={translate('app.loading')} />
    </Box>
  );
}
