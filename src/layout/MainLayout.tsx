/**
 * The main layout: app bar, menu and content. Without a session (a not-found path opened while
 * logged out, or while whoami is still running) only the content is shown. The menu is a
 * permanent drawer from MUI's `md` up and a temporary one, rendered while open, below: only the
 * one the width shows is rendered, so a phone's first paint does not build a hidden menu.
 */
import { useState, type ReactNode } from 'react';
import { Box, Drawer, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { useAuth } from '../auth/authStore';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

const DRAWER_WIDTH = 240;

export function MainLayout({ children }: { children?: ReactNode }) {
  const { status } = useAuth();
  const [mobileOpen, setMobileOpen] = useState(false);
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });

  if (status !== 'authenticated') return <Box component="main">{children}</Box>;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <TopBar onMenuClick={() => setMobileOpen((open) => !open)} />
      {wide ? (
        <Drawer variant="permanent" sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}>
          <Toolbar variant="dense" />
          <SideMenu />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: false }}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          <Toolbar variant="dense" />
          {mobileOpen && <SideMenu onNavigate={() => setMobileOpen(false)} />}
        </Drawer>
      )}
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, minWidth: 0, '&:focus': { outline: 'none' } }}>
        <Toolbar variant="dense" />
        {children}
      </Box>
    </Box>
  );
}
