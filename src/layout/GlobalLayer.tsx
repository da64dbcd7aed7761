/**
 * What is on screen or running whatever the route: notices, the error-list dialog, the bridge
 * from react-admin's notify(), and the settings and theme sync. Passed to <Admin> as its
 * `notification` component, the one slot react-admin renders on every page, inside its contexts.
 */
import { ErrorListDialog } from '../errors/ErrorListDialog';
import { SettingsSync } from '../i18n/SettingsSync';
import { NoticeArea } from '../notices/NoticeArea';
import { RaNotificationBridge } from '../notices/RaNotificationBridge';
import { ThemeSync } from './ThemeSync';

export function GlobalLayer() {
  return (
    <>
      <SettingsSync />
      <ThemeSync />
      <RaNotificationBridge />
      <NoticeArea />
      <ErrorListDialog />
    </>
  );
}
