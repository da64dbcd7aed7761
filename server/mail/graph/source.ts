/**
 * Where the Graph source gets its access token: the accounts side (server/microsoft/) registers
 * `microsoftAccessToken` here at start (`setGraphAccessTokens((db, msaId) => microsoftAccessToken(db, msaId))`);
 * tests register the fake's token. A mail account is a Graph account when `ma_source` is 'graph'
 * (brand migration 0041); its `msa_id` names the Microsoft account whose token is used.
 */
import type { MailDb } from '../tables';
import { graphMailClient, type GraphMailClient } from './client';

export type GraphTokenSource = (db: MailDb, msaId: number | null, mailaccountId: number) => Promise<string>;

let tokens: GraphTokenSource | null = null;
let graphUrl: string | undefined;

/** Registers the token source (and, for tests, Graph's base URL instead of MS_GRAPH_URL). */
export function setGraphAccessTokens(source: GraphTokenSource | null, opts: { graphUrl?: string } = {}): void {
  tokens = source;
  graphUrl = opts.graphUrl;
}

/** Told after every Graph sync that ran (the accounts side records the folder counts and last sync). */
export type GraphSyncListener = (db: MailDb, account: GraphAccount, result: { error?: string; retryAt?: Date }) => Promise<void>;

let syncListener: GraphSyncListener | null = null;

export function setGraphSyncListener(listener: GraphSyncListener | null): void {
  syncListener = listener;
}

/** Calls the registered listener; its failure never fails the sync. */
export async function notifyGraphSync(db: MailDb, account: GraphAccount, result: { error?: string; retryAt?: Date }): Promise<void> {
  await syncListener?.(db, account, result).catch((err: unknown) => console.error('[mail-sync] Graph sync listener failed', err));
}

export class GraphNotConnected extends Error {}

export interface GraphAccount {
  mailaccount_id: number;
  msa_id: number | null;
  ma_email: string;
}

export async function graphAccount(db: MailDb, mailaccountId: number): Promise<GraphAccount | null> {
  const row = await db
    .selectFrom('mailaccounts')
    .select(['mailaccount_id', 'msa_id', 'ma_email', 'ma_source'])
    .where('mailaccount_id', '=', mailaccountId)
    .executeTakeFirst();
  return row?.ma_source === 'graph' ? row : null;
}

export interface GraphClientOverrides {
  /** Overrides the registered token source (tests). */
  getAccessToken?: () => Promise<string>;
  pageSize?: number;
  clock?: () => number;
}

/** The Graph client of a Graph mail account. */
export function graphClientFor(db: MailDb, account: GraphAccount, o: GraphClientOverrides = {}): GraphMailClient {
  const token =
    o.getAccessToken ??
    (() => {
      if (!tokens) throw new GraphNotConnected('No Microsoft token source is registered (setGraphAccessTokens)');
      return tokens(db, account.msa_id, account.mailaccount_id);
    });
  return graphMailClient({ db, mailaccountId: account.mailaccount_id, getAccessToken: token, graphUrl, pageSize: o.pageSize, clock: o.clock });
}
