/** App bar: brand logo and product name, then the reminder badge, the error flag, dark mode, user initials, logout. */
import { AppBar, Box, IconButton, Toolbar, Typography } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { Link } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { productNameOf, useBrand } from '../brand/BrandContext';
import { ErrorFlagButton } from '../errors/ErrorFlagButton';
import { ReminderBadge } from '../notifications/ReminderBadge';
import { DarkModeButton } from './DarkModeButton';
import { LogoutButton } from './LogoutButton';
import { UserBadge } from './UserBadge';

export function TopBar({ onMenuClick }: { onMenuClick: () => void }) {
  const translate = useTranslate();
  const brand = useBrand();
  const productName = productNameOf(brand, translate('app.defaultProductName'));
  const logoUrl = brand.customSettings?.logoUrl;
  return (
    <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        <IconButton color="inherit" edge="start" aria-label={translate('menu.open')} onClick={onMenuClick} sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Box component={Link} to="/" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0 }}>
          {logoUrl && <Box component="img" src={logoUrl} alt="" sx={{ height: 28 }} />}
          <Typography variant="h6" component="span" noWrap data-testid="product-name">
            {productName}
          </Typography>
        </Box>
        <Box sx={{ flex: 1 }} />
        <ReminderBadge />
        <ErrorFlagButton />
        <DarkModeButton />
        <UserBadge />
        <LogoutButton />
      </Toolbar>
    </AppBar>
  );
}
