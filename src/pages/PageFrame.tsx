/** The frame every page sits in: its title as the page heading, then the content. */
import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useOptionalBrand } from '../brand/BrandContext';

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
/** The brand's logo and name above a public page, so people know whose site they sign in to. */
function BrandMark() {
  const brand = useOptionalBrand();
  if (!brand) return null;
  const logo = brand.customSettings?.logoUrl;
  const name = brand.customSettings?.visibleName || brand.name;
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" sx={{ mb: 3 }} data-testid="brand-mark">
      {logo && <Box component="img" src={logo} alt="" sx={{ height: 40, maxWidth: 160, objectFit: 'contain' }} />}
      <Typography variant="h5" component="p" color="primary">
        {name}
      </Typography>
    </Stack>
  );
}

export function PublicFrame({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', justifyContent: 'center', alignItems: { sm: 'center' }, p: 2 }}>
      <Box sx={{ width: '100%', maxWidth: 480 }}>
        <BrandMark />
        <PageFrame title={title}>{children}</PageFrame>
      </Box>
    </Box>
  );
}
