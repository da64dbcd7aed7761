/** Texts of /xero/dashboard (Developer): the Xero calls against the limits, the budget, queue and pulls, in the three locales. */
import type { FeatureMessages, MessageTree } from '../i18n/featureMessages';

const enUS: MessageTree = {
  accounting: {
    dashboard: {
      refreshing: 'Updated every 30 seconds.',
      organisation: 'Organisation: {{name}}',
      notConnected: 'Xero is not connected: no calls are made. The queue and the pulls are shown as they stand.',
      reconnectNeeded: 'Xero refused the connection: connect it again on the Xero connection page.',
      connectionPage: 'Xero connection',
      loadFailed: 'The dashboard could not be loaded.',
      minuteLeft: 'Left this minute',
      dayLeft: 'Left today',
      budgetOf: 'of {{limit}} in our budget',
      xeroSays: 'Xero says: {{minute}} this minute, {{day}} today',
      xeroUnknown: 'Xero has not answered yet',
      throttled: '429s in the last hour',
      throttledWeek: '{{count}} in the last 7 days',
      blocked: 'Blocked until {{time}}',
      notBlocked: 'Not blocked',
      inFlight: '{{count}} in flight (at most {{max}})',
      queue: 'Queue',
      queueOf: '{{pending}} pending, {{failed}} failed',
      perMinute: 'Calls per minute, last hour',
      perDay: 'Calls per day, last 7 days',
      answered: 'Answered',
      rateLimited: '429',
      minuteLimit: 'Xero limit {{count}}/min',
      dayLimit: 'Xero limit {{count}}/day',
      minuteSummary_one: 'Last hour: {{calls}} call, {{throttled}} answered 429. Busiest minute: {{peak}} of the {{limit}} Xero allows; this minute: {{now}}.',
      minuteSummary_other:
        'Last hour: {{calls}} calls, {{throttled}} answered 429. Busiest minute: {{peak}} of the {{limit}} Xero allows; this minute: {{now}}.',
      daySummary_one: 'Last 7 days: {{calls}} call, {{throttled}} answered 429. Busiest day: {{peak}} of the {{limit}} Xero allows; today: {{today}}.',
      daySummary_other: 'Last 7 days: {{calls}} calls, {{throttled}} answered 429. Busiest day: {{peak}} of the {{limit}} Xero allows; today: {{today}}.',
      resources: 'Pulls',
      resource: 'Resource',
      nextPage: 'Next page',
      off: 'off',
      progress: 'Progress',
      progressOf: '{{done}} of {{total}}',
      lastRun: 'Last run',
      lastError: 'Last error',
      never: 'never',
      noResources: 'No pull has run yet.',
    },
  },
};

const huHU: MessageTree = {
  accounting: {
    dashboard: {
      refreshing: '30 másodpercenként frissül.',
      organisation: 'Szervezet: {{name}}',
      notConnected: 'A Xero nincs csatlakoztatva: nincs hívás. A sor és a letöltések jelenlegi állapota látható.',
      reconnectNeeded: 'A Xero elutasította a kapcsolatot: csatlakoztassa újra a Xero-kapcsolat oldalon.',
      connectionPage: 'Xero-kapcsolat',
      loadFailed: 'Az irányítópult nem tölthető be.',
      minuteLeft: 'Ebben a percben még',
      dayLeft: 'Ma még',
      budgetOf: 'a keretünk {{limit}} hívásából',
      xeroSays: 'A Xero szerint: ebben a percben {{minute}}, ma {{day}}',
      xeroUnknown: 'A Xero még nem válaszolt',
      throttled: '429-es válasz az elmúlt órában',
      throttledWeek: '{{count}} az elmúlt 7 napban',
      blocked: 'Tiltva eddig: {{time}}',
      notBlocked: 'Nincs tiltás',
      inFlight: '{{count}} folyamatban (legfeljebb {{max}})',
      queue: 'Sor',
      queueOf: '{{pending}} várakozik, {{failed}} sikertelen',
      perMinute: 'Hívások percenként, elmúlt óra',
      perDay: 'Hívások naponta, elmúlt 7 nap',
      answered: 'Megválaszolt',
      rateLimited: '429',
      minuteLimit: 'Xero-korlát {{count}}/perc',
      dayLimit: 'Xero-korlát {{count}}/nap',
      minuteSummary_one:
        'Elmúlt óra: {{calls}} hívás, ebből {{throttled}} 429-es válasz. A legforgalmasabb perc: {{peak}} a Xero által engedett {{limit}}-ből; ebben a percben: {{now}}.',
      minuteSummary_other:
        'Elmúlt óra: {{calls}} hívás, ebből {{throttled}} 429-es válasz. A legforgalmasabb perc: {{peak}} a Xero által engedett {{limit}}-ből; ebben a percben: {{now}}.',
      daySummary_one:
        'Elmúlt 7 nap: {{calls}} hívás, ebből {{throttled}} 429-es válasz. A legforgalmasabb nap: {{peak}} a Xero által engedett {{limit}}-ből; ma: {{today}}.',
      daySummary_other:
        'Elmúlt 7 nap: {{calls}} hívás, ebből {{throttled}} 429-es válasz. A legforgalmasabb nap: {{peak}} a Xero által engedett {{limit}}-ből; ma: {{today}}.',
      resources: 'Letöltések',
      resource: 'Erőforrás',
      nextPage: 'Következő oldal',
      off: 'ki',
      progress: 'Haladás',
      progressOf: '{{done}} / {{total}}',
      lastRun: 'Utolsó futás',
      lastError: 'Utolsó hiba',
      never: 'soha',
      noResources: 'Még nem futott letöltés.',
    },
  },
};

export const dashboardMessages: FeatureMessages = { 'en-US': enUS, 'en-GB': enUS, 'hu-HU': huHU };
