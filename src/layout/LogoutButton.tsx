/** Logout through react-admin, which also clears its caches before going to /login. */
import { IconButton, Tooltip } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout, useTranslate } from 'ra-core';

export function LogoutButton() {
  const translate = useTranslate();
  const logout = useLogout();
  const label = translate('layout.logout');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={() => logout()}>
        <LogoutIcon />
      </IconButton>
    </Tooltip>
  );
}
