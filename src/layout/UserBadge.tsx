/** The signed-in user's initials in the app bar; the full name is the tooltip and the label. */
import { Avatar, Tooltip } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useAuth } from '../auth/authStore';
import { initialsOf } from '../auth/initials';

export function UserBadge() {
  const translate = useTranslate();
  const { user } = useAuth();
  if (!user) return null;
  const label = translate('layout.userInitials', { name: user.fullname });
  return (
    <Tooltip title={label}>
      <Avatar aria-label={label} data-testid="user-initials" sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'secondary.main', color: 'common.black' }}>
        {initialsOf(user.fullname)}
      </Avatar>
    </Tooltip>
  );
}
