/** /data, /admin, /dev: the block's own page lists the sub-pages this user may open. */
import { List, ListItemButton, ListItemText } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { useAuth } from '../auth/authStore';
import { useBrand } from '../brand/BrandContext';
import { canOpen } from '../routes/guard';
import { ROUTES } from '../routes/routeTable';
import { PageFrame } from './PageFrame';
import type { PageProps } from './types';

export function BlockIndexPage({ route, title }: PageProps) {
  const translate = useTranslate();
  const { user } = useAuth();
  const brand = useBrand();
  const children = ROUTES.filter((r) => r.menu && r.path.startsWith(`${route.path}/`) && canOpen(r, user?.role, brand.features));
  return (
    <PageFrame title={title}>
      <List dense aria-label={title}>
        {children.map((child) => (
          <ListItemButton key={child.id} component={Link} to={child.path}>
            <ListItemText primary={translate(child.title)} />
          </ListItemButton>
        ))}
      </List>
    </PageFrame>
  );
}
