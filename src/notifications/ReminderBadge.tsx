/**
 * The app bar's reminder count: refreshed when the live update stream says the user's reminders
 * changed (or it reconnected), and on its own interval while the stream is down; a click opens /reminders.
 */
import { useEffect } from 'react';
import { Badge, IconButton, Tooltip } from '@mui/material';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { useNavigate } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { checkAccess } from '../../core/access/access';
import { useAuth } from '../auth/authStore';
import { useOptionalBrand } from '../brand/BrandContext';
import { routeById } from '../routes/routeTable';
import { useStoreValue } from '../util/createStore';
import { liveConnected, useLiveEvents } from '../events/liveEvents';
import { REMINDER_BADGE_INTERVAL_MS, refreshReminderBadge, reminderBadge } from './badgeStore';

function Polling() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { count } = useStoreValue(reminderBadge);
  useLiveEvents(['reminders', 'resync'], () => void refreshReminderBadge());
  useEffect(() => {
    void refreshReminderBadge();
    const timer = setInterval(() => void (liveConnected.get() || refreshReminderBadge()), REMINDER_BADGE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
  const label = translate('reminders.badge', { count });
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={label} onClick={() => navigate('/reminders')}>
        <Badge badgeContent={count} color="error" max={99}>
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}

/** Shown only to whom /reminders is open (operator group, Admin, Developer; job.enabled). */
export function ReminderBadge() {
  const role = useAuth().user?.role ?? null;
  const features = useOptionalBrand()?.features;
  const gate = routeById('reminders')?.gate;
  if (!gate || !checkAccess(gate, { role, features }).ok) return null;
  return <Polling />;
}
