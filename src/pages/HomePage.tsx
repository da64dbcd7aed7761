/** '/' sends each role to its home; when that page is refused this small page stays instead. */
import { Typography } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { useAuth } from '../auth/authStore';
import { useBrand } from '../brand/BrandContext';
import { homeTarget } from '../routes/home';
import { PageFrame } from './PageFrame';
import type { PageProps } from './types';

export function HomePage({ title }: PageProps) {
  const translate = useTranslate();
  const { user } = useAuth();
  const brand = useBrand();
  const target = homeTarget(user?.role, brand.features);
  if (target) return <Navigate to={target} replace />;
  return (
    <PageFrame title={title}>
      <Typography>{translate('home.welcome', { name: user?.fullname ?? '' })}</Typography>
      <Typography color="text.secondary">{translate('home.hint')}</Typography>
    </PageFrame>
  );
}
