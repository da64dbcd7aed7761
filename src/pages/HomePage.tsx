/** '/': office staff's home page (src/jobs/home); other roles are sent to their home, or this small page stays when that is refused. */
import { Typography } from '@mui/material';
import { Navigate } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { useAuth } from '../auth/authStore';
import { useBrand } from '../brand/BrandContext';
import { homeTarget, showsOfficeHome } from '../routes/home';
import { OfficeHome } from '../jobs/home/OfficeHome';
import { PageFrame } from './PageFrame';
import type { PageProps } from './types';

export function HomePage({ title }: PageProps) {
  const translate = useTranslate();
  const { user } = useAuth();
  const brand = useBrand();
  if (showsOfficeHome(user?.role, brand.features))
    return (
      <PageFrame title={title}>
        <OfficeHome />
      </PageFrame>
    );
  const target = homeTarget(user?.role, brand.features);
  if (target) return <Navigate to={target} replace />;
  return (
    <PageFrame title={title}>
      <Typography>{translate('home.welcome', { name: user?.fullname ?? '' })}</Typography>
      <Typography color="text.secondary">{translate('home.hint')}</Typography>
    </PageFrame>
  );
}
