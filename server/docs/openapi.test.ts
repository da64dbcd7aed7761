/**
 * The OpenAPI document describes every operation: a unique operationId each (server/docs/operationId.ts)
 * and a request body schema for every write. Operations not there yet are listed by name below, so a
 * regression fails here and a fix must shrink the list.
 */
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../test/helpers';

const t = useTestApp();

/** Writes whose request body the document does not describe yet (none, or an opaque object). */
const BODY_NOT_DESCRIBED: string[] = [
  'authSessionsFilter',
  'contactmanagerFilter',
  'customerportalGeneraldocuments',
  'customerportalRelatedContacts',
  'customerportalRelatedPropertyManagers',
  'customerportalWorkorders',
  'engineerportalCostsCreate',
  'engineerportalLockcosts',
  'exportjobsExport',
  'filesFilter',
  'filesGroup',
  'filesUpload',
  'imapfoldersClearSyncErrorLogs',
  'jobsCopy',
  'jobsCreate',
  'jobsDocumentsFilter',
  'jobsFilter',
  'jobsGeneraldocuments',
  'jobsPurchaseinvoices',
  'jobsSalesinvoices',
  'jobsUpdate',
  'jobsWorkorders',
  'mailaccountsSync',
  'maildraftsAttachments',
  'maildraftsUnlock',
  'mailfoldersFilter',
  'mailsSync',
  'mailtagsFilter',
  'usersettingsPreferencesUpdate',
  // Actions that take no body.
  'contactsXerosync',
  'microsoftaccountsDefault',
  'microsoftaccountsSync',
  'tasksRestore',
  'xeroadminSyncpendingRetry',
  'xerotaxratesDefault',
  'xerotaxratesSync',
  'engineerportalFiles',
  'engineerportalInvoicesCreate',
];

/** Writes whose described body is still checked by the handler alone (route `docBody`), not by `schema.body`. */
const BODY_CHECKED_BY_HANDLER_ONLY: string[] = [
  'customerportalAppendClientToJobsite',
  'customerportalCreateJobsite',
  'customerportalCreateUpdateJobsite',
  'customerportalDocumentsFilter',
  'customerportalFilter',
  'customerportalGetContactDetails',
  'customerportalGetJobSiteDetails',
  'customerportalGetRelatedJobSites',
  'customerportalInsert',
  'customerportalJobsitecontacts',
  'customerportalJobsites',
  'customerportalRelatedJobsites',
  'customerportalUpdate',
  'customerportalUpdateJobsite',
  'engineerportalFilter',
  'engineerportalJobsitehistory',
  'filesUpdate',
  'jobsCostsCreate',
  'jobsSalesCreate',
  'jobsSalesUpdate',
];

/**
 * Operations whose success answer does not type its `data` yet (`{}` or no schema). A file answer
 * (a binary 2xx schema) counts as typed.
 */
const ANSWER_DATA_UNTYPED: string[] = [
  'authGetReservedBrands',
  'authPrelogin',
  'authReserveSchema',
  'configsUpdateAll',
  'contactmanagerFilter',
  'customerportalAppendClientToJobsite',
  'customerportalCreateJobsite',
  'customerportalCreateUpdateJobsite',
  'customerportalDetails',
  'customerportalDocumentsFilter',
  'customerportalDownloadGet',
  'customerportalFilter',
  'customerportalGeneraldocuments',
  'customerportalGetContactDetails',
  'customerportalGetJobSiteDetails',
  'customerportalGetRelatedJobSites',
  'customerportalInsert',
  'customerportalJobsitecontacts',
  'customerportalJobsites',
  'customerportalMessage',
  'customerportalQuotedecision',
  'customerportalRelatedContacts',
  'customerportalRelatedJobsites',
  'customerportalRelatedPropertyManagers',
  'customerportalUpdate',
  'customerportalUpdateJobsite',
  'customerportalUrlGet',
  'customerportalWorkorders',
  'devBatchfilesCreate',
  'devBatchfilesDetails',
  'devBatchfilesFilter',
  'devBatchfilesList',
  'devBatchfilesRun',
  'devBatchfilesUpdate',
  'devConfigsDetails',
  'devConfigsList',
  'devConfigsUpdate',
  'devDashboard',
  'devErrorlogsDetails',
  'devErrorlogsFilter',
  'devErrorlogsList',
  'devGlobalerrorsDetails',
  'devGlobalerrorsFilter',
  'devGlobalerrorsList',
  'devSitesCreate',
  'devSitesDetails',
  'devSitesFilter',
  'devSitesList',
  'devSitesUpdate',
  'devSqlexecutedDetails',
  'devSqlexecutedFilter',
  'devSqlexecutedList',
  'engineerportalCostdescGet',
  'engineerportalCostdescUpdate',
  'engineerportalCostsCreate',
  'engineerportalCostsGet',
  'engineerportalDetails',
  'engineerportalFilter',
  'engineerportalIssue',
  'engineerportalJobsitedetails',
  'engineerportalJobsitehistory',
  'engineerportalJobsitenotesCreate',
  'engineerportalJobsitenotesDelete',
  'engineerportalJobsitenotesGet',
  'engineerportalJobsitenotesUpdate',
  'engineerportalLockcosts',
  'engineerportalRemedial',
  'engineerportalRemovenotification',
  'engineerportalReports',
  'engineerportalUpdateOtherNotes',
  'filesDelete',
  'filesDeleteFileList',
  'filesDetails',
  'filesDownloadGet',
  'filesFilter',
  'filesGroup',
  'filesList',
  'filesUpdate',
  'filesUpload',
  'filesUrlGet',
  'imapfoldersClearSyncErrorLogs',
  'imapfoldersFilter',
  'imapfoldersSetDefaultSeen',
  'imapfoldersSetEnabledStatus',
  'imapfoldersSetSyncFromDate',
  'imapfoldersUpdate',
  'jobsAttachments',
  'jobsCalendar',
  'jobsCostinvoices',
  'jobsDelete',
  'jobsDocumentsFilter',
  'jobsFilevisibletoclient',
  'jobsGeneraldocuments',
  'jobsHistory',
  'jobsPurchaseinvoices',
  'jobsSalesinvoices',
  'jobsSendFileToDext',
  'jobsWorkorders',
  'mailaccountsAssignusers',
  'mailaccountsCreate',
  'mailaccountsDelete',
  'mailaccountsDetails',
  'mailaccountsFilter',
  'mailaccountsList',
  'mailaccountsSetCanDelete',
  'mailaccountsSetCanSend',
  'mailaccountsSetEnabledStatus',
  'mailaccountsSync',
  'mailaccountsUpdate',
  'mailaccountsUpdatealiaslist',
  'mailaliasesList',
  'maildraftsAttachments',
  'maildraftsAttachmentsDelete',
  'maildraftsCreate',
  'maildraftsDelete',
  'maildraftsDeleteDrafts',
  'maildraftsDetails',
  'maildraftsFilter',
  'maildraftsList',
  'maildraftsUnlock',
  'maildraftsUpdate',
  'maildraftsUpdateAndSend',
  'mailfoldersAddmails',
  'mailfoldersCreate',
  'mailfoldersDelete',
  'mailfoldersFilter',
  'mailfoldersList',
  'mailfoldersRemovemails',
  'mailfoldersUpdate',
  'mailsAccounts',
  'mailsAssignfilestojob',
  'mailsAssignjob',
  'mailsAttachments',
  'mailsAttachmentsGet',
  'mailsChanges',
  'mailsDeleted',
  'mailsDetails',
  'mailsFilter',
  'mailsList',
  'mailsMailListFinalDelete',
  'mailsMove',
  'mailsSelect',
  'mailsSource',
  'mailsSync',
  'mailsUpdate',
  'mailsUpdateMany',
  'mailsignaturesCreate',
  'mailsignaturesDelete',
  'mailsignaturesDetails',
  'mailsignaturesFilter',
  'mailsignaturesList',
  'mailsignaturesUpdate',
  'mailtagsAssign',
  'mailtagsCreate',
  'mailtagsDelete',
  'mailtagsFilter',
  'mailtagsList',
  'mailtagsOfmails',
  'mailtagsUnassign',
  'mailtagsUpdate',
  'mailtemplatesCreate',
  'mailtemplatesDelete',
  'mailtemplatesDetails',
  'mailtemplatesFilter',
  'mailtemplatesList',
  'mailtemplatesUpdate',
  'engineerportalFiles',
  'engineerportalInvoicesCreate',
  'engineerportalInvoicesGet',
  'engineerportalGetGeneralDocs',
];

interface Operation {
  operationId?: string;
  requestBody?: { content?: Record<string, { schema?: Record<string, unknown> }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

interface Schema {
  format?: string;
  properties?: Record<string, Schema>;
  [keyword: string]: unknown;
}

/** The success answer says what it carries: a file, or an envelope whose `data` has a schema. */
function typedAnswer(op: Operation): boolean {
  const success = Object.entries(op.responses ?? {}).find(([code]) => code.startsWith('2'))?.[1];
  const schema = success?.content?.['application/json']?.schema;
  if (!schema) return false;
  if (schema.format === 'binary') return true;
  const envelopes = Object.values(schema.properties ?? {});
  const data = envelopes.length === 1 ? envelopes[0].properties?.data : undefined;
  return !!data && Object.keys(data).length > 0;
}

async function operations(): Promise<{ method: string; path: string; op: Operation }[]> {
  const res = await call(t.app, { url: '/api/docs/json', host: 'unknown-host.example' });
  expect(res.status).toBe(200);
  const paths = res.json.paths as Record<string, Record<string, Operation>>;
  return Object.entries(paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path, op })));
}

/** The body schema, if it says more than "some object". */
function describedBody(op: Operation): Record<string, unknown> | null {
  const content = op.requestBody?.content ?? {};
  const schema = content['application/json']?.schema ?? content['multipart/form-data']?.schema;
  if (!schema) return null;
  const says = ['properties', 'oneOf', 'anyOf', 'allOf', 'items'].some((k) => {
    const v = schema[k];
    return Array.isArray(v) ? v.length > 0 : typeof v === 'object' && v !== null && Object.keys(v).length > 0;
  });
  return says ? schema : null;
}

describe('OpenAPI operations', () => {
  it('gives every operation an operationId, all unique', async () => {
    const ops = await operations();
    expect(ops.length).toBeGreaterThan(200);
    const missing = ops.filter((o) => !o.op.operationId).map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(missing).toEqual([]);
    const ids = ops.map((o) => o.op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
  });

  it('names operations after their feature and action', async () => {
    const byRoute = new Map((await operations()).map((o) => [`${o.method.toUpperCase()} ${o.path}`, o.op.operationId]));
    expect(byRoute.get('POST /api/jobs/filter')).toBe('jobsFilter');
    expect(byRoute.get('POST /api/contacts/create')).toBe('contactsCreate');
    expect(byRoute.get('PATCH /api/contacts/{id}')).toBe('contactsUpdate');
    expect(byRoute.get('DELETE /api/contacts/{id}')).toBe('contactsDelete');
    expect(byRoute.get('GET /api/contacts/{id}/details')).toBe('contactsDetails');
    expect(byRoute.get('GET /api/jobs/{id}/sales')).toBe('jobsSalesGet');
    expect(byRoute.get('POST /api/jobs/{id}/sales')).toBe('jobsSalesCreate');
    expect(byRoute.get('PATCH /api/mails')).toBe('mailsUpdateMany');
    expect(byRoute.get('POST /api/dev/sites/create')).toBe('devSitesCreate');
  });

  it('describes the request body of every write, but for the listed ones', async () => {
    const writes = (await operations()).filter((o) => ['post', 'put', 'patch'].includes(o.method));
    const notDescribed = writes.filter((o) => !describedBody(o.op)).map((o) => o.op.operationId);
    expect(notDescribed.sort()).toEqual([...BODY_NOT_DESCRIBED].sort());
  });

  it('types the data of every success answer, but for the listed ones', async () => {
    const untyped = (await operations()).filter((o) => !typedAnswer(o.op)).map((o) => o.op.operationId);
    expect(untyped.sort()).toEqual([...ANSWER_DATA_UNTYPED].sort());
  });

  it('has AJV enforce every described body, but for the listed ones', async () => {
    const writes = (await operations()).filter((o) => ['post', 'put', 'patch'].includes(o.method));
    const handlerOnly = writes.filter((o) => describedBody(o.op)?.['x-checked-by'] === 'handler').map((o) => o.op.operationId);
    expect(handlerOnly.sort()).toEqual([...BODY_CHECKED_BY_HANDLER_ONLY].sort());
  });
});
