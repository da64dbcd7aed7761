/** Texts of the Xero connection page (/xero) and of the page Xero returns to (/xero-connect), in the three locales. */
import type { FeatureMessages, MessageTree } from '../i18n/featureMessages';

const enUS: MessageTree = {
  pages: { xeroConnect: 'Xero connection' },
  accounting: {
    connection: {
      title: 'Xero connection',
      connected: 'Connected to {{organisation}}',
      notConnected: 'Xero is not connected.',
      reconnectNeeded: 'Xero stopped accepting this connection; connect again.',
      sandbox: 'This is the local sandbox: no data leaves this machine.',
      connectedBy: 'Connected by',
      connectedAt: 'Connected at',
      scopes: 'Permissions',
      lastRefresh: 'Token last renewed',
      token: 'Token',
      tokenHealth: {
        valid: 'Valid until {{time}}',
        renews: 'Expired; renewed on the next call',
        refused: 'Refused by Xero; reconnect',
      },
      lastSync: 'Last sync',
      lastSyncOf: '{{resource}}, {{time}}',
      syncResources: { taxrates: 'Tax rates', items: 'Items', contacts: 'Contacts' },
      never: 'Not yet',
      connect: 'Connect to Xero',
      reconnect: 'Reconnect',
      disconnect: 'Disconnect',
      confirmTitle: 'Disconnect Xero?',
      confirmText: 'Invoices and contacts stop syncing until someone connects again.',
      cancel: 'Cancel',
      chooseTenant: 'Xero connected several organisations. Which one does this site use?',
      choose: 'Use {{name}}',
      connecting: 'Connecting to Xero…',
      backToXero: 'Back to the Xero page',
    },
  },
};

const huHU: MessageTree = {
  pages: { xeroConnect: 'Xero-kapcsolat' },
  accounting: {
    connection: {
      title: 'Xero-kapcsolat',
      connected: 'Kapcsolódva: {{organisation}}',
      notConnected: 'A Xero nincs csatlakoztatva.',
      reconnectNeeded: 'A Xero már nem fogadja el ezt a kapcsolatot; csatlakozzon újra.',
      sandbox: 'Ez a helyi homokozó: semmilyen adat nem hagyja el ezt a gépet.',
      connectedBy: 'Csatlakoztatta',
      connectedAt: 'Csatlakoztatva',
      scopes: 'Engedélyek',
      lastRefresh: 'Token utolsó megújítása',
      token: 'Token',
      tokenHealth: {
        valid: 'Érvényes eddig: {{time}}',
        renews: 'Lejárt; a következő hívás megújítja',
        refused: 'A Xero elutasította; csatlakozzon újra',
      },
      lastSync: 'Utolsó szinkronizálás',
      lastSyncOf: '{{resource}}, {{time}}',
      syncResources: { taxrates: 'Adókulcsok', items: 'Tételek', contacts: 'Partnerek' },
      never: 'Még nem',
      connect: 'Csatlakozás a Xerohoz',
      reconnect: 'Újracsatlakozás',
      disconnect: 'Leválasztás',
      confirmTitle: 'Leválasztja a Xerót?',
      confirmText: 'A számlák és partnerek szinkronizálása leáll, amíg valaki újra nem csatlakozik.',
      cancel: 'Mégse',
      chooseTenant: 'A Xero több szervezetet kapcsolt. Melyiket használja ez az oldal?',
      choose: '{{name}} használata',
      connecting: 'Csatlakozás a Xerohoz…',
      backToXero: 'Vissza a Xero oldalra',
    },
  },
};

export const connectionMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enUS, 'hu-HU': huHU };
