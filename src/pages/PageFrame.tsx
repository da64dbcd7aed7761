/** The frame every page sits in: its title as the page heading, then the content. */
import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export function PageFrame({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Typography id="page-title" variant="h5" component="h1">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A public page has no app bar: the frame is centred on a narrow column instead. */
export function PublicFrame({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', alignItems: { sm: 'center' }, p: 2 }}>
      <Box sx={{ width: '100%', maxWidth: 480 }}>
        <PageFrame title={title}>{children}</PageFrame>
      </Box>
    </Box>
  );
}
