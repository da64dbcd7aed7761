/** Texts of the Google area (accounts, the cloud dashboard, the page Google returns to), in the three locales. */
import type { FeatureMessages, MessageTree } from '../i18n/featureMessages';

const enUS: MessageTree = {
  google: {
    loginRequired: 'Google login/connection is required!',
    accounts: {
      title: 'Google accounts',
      count_one: '{{count}} account connected',
      count_other: '{{count}} accounts connected',
      selectedCount_one: '{{count}} selected',
      selectedCount_other: '{{count}} selected',
      sandbox: 'This is the local sandbox: no data leaves this machine.',
      notConfigured: 'Google is not configured on this site.',
      connect: 'Connect a Google account',
      reconnect: 'Reconnect',
      disconnect: 'Disconnect',
      toggleAll: 'Select all / none',
      selected: 'Use {{email}}',
      statusConnected: 'Connected',
      statusReconnect: 'Google stopped accepting this connection; reconnect it.',
      scopes: 'Permissions',
      lastSync: 'Last sync',
      never: 'Not yet',
      lastError: 'Last error',
      confirmTitle: 'Disconnect {{email}}?',
      confirmText: 'Its Drive and tasks stop showing here until it is connected again.',
      cancel: 'Cancel',
      connecting: 'Connecting the Google account…',
      connected: 'Connected {{email}}',
      backToDashboard: 'Back to the Google dashboard',
      disconnected: 'Disconnected {{email}}',
    },
  },
};

const enGB: MessageTree = {
  google: {
    ...(enUS.google as MessageTree),
    accounts: {
      ...((enUS.google as MessageTree).accounts as MessageTree),
      confirmText: 'Its Drive and tasks stop showing here until it is connected again; nothing is deleted at Google.',
    },
  },
};

const huHU: MessageTree = {
  google: {
    loginRequired: 'Google-bejelentkezés/kapcsolat szükséges!',
    accounts: {
      title: 'Google-fiókok',
      count_one: '{{count}} fiók csatlakoztatva',
      count_other: '{{count}} fiók csatlakoztatva',
      selectedCount_one: '{{count}} kiválasztva',
      selectedCount_other: '{{count}} kiválasztva',
      sandbox: 'Ez a helyi homokozó: semmilyen adat nem hagyja el ezt a gépet.',
      notConfigured: 'A Google nincs beállítva ezen az oldalon.',
      connect: 'Google-fiók csatlakoztatása',
      reconnect: 'Újracsatlakozás',
      disconnect: 'Leválasztás',
      toggleAll: 'Mind / egyik sem',
      selected: '{{email}} használata',
      statusConnected: 'Csatlakoztatva',
      statusReconnect: 'A Google már nem fogadja el ezt a kapcsolatot; csatlakoztassa újra.',
      scopes: 'Engedélyek',
      lastSync: 'Utolsó szinkronizálás',
      never: 'Még nem',
      lastError: 'Utolsó hiba',
      confirmTitle: 'Leválasztja: {{email}}?',
      confirmText: 'A Drive és a feladatok nem jelennek meg itt, amíg újra nem csatlakoztatja.',
      cancel: 'Mégse',
      connecting: 'A Google-fiók csatlakoztatása…',
      connected: 'Csatlakoztatva: {{email}}',
      backToDashboard: 'Vissza a Google-irányítópultra',
      disconnected: 'Leválasztva: {{email}}',
    },
  },
};

export const googleMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enGB, 'hu-HU': huHU };
