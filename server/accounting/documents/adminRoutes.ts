/**
 * xeroadmin's fetch calls (SPEC point 7, Developer): a contact, invoice or quote as Xero holds it,
 * read through the brand's connection. A 404 from Xero answers SPEC point 8's code for that record
 * (XE_CONT_NOTEX_ONXERO, XE_INV_NOTEX_ONXERO, XE_QUOTE_NF) with status 404.
 */
import type { FastifyInstance } from 'fastify';
import { ACCOUNTING_DEV_GATE, type XeroCode } from '../../../core/accounting/constants';
import { enText } from '../../../core/i18n/en-US';
import { AppError } from '../../envelope/errors';
import { NotFound } from '../../integrations/http/errors';
import { action } from '../../http/route';
import { accountingError } from '../errors';
import { requestXeroApi, xeroCodeOf } from '../xero/api';

// Xero's ids are GUIDs; anything else could only be refused by Xero, so it is refused here with 400.
const GUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const params = { type: 'object', properties: { xeroId: { type: 'string', pattern: GUID } }, required: ['xeroId'] };

const FETCHES: { name: string; path: string; key: string; notFound: XeroCode; what: string }[] = [
  { name: 'contact', path: '/Contacts', key: 'Contacts', notFound: 'XE_CONT_NOTEX_ONXERO', what: 'A contact' },
  { name: 'invoice', path: '/Invoices', key: 'Invoices', notFound: 'XE_INV_NOTEX_ONXERO', what: 'An invoice' },
  { name: 'quote', path: '/Quotes', key: 'Quotes', notFound: 'XE_QUOTE_NF', what: 'A quote' },
];

export function registerXeroFetchRoutes(app: FastifyInstance): void {
  for (const f of FETCHES) {
    action(
      app,
      {
        method: 'GET',
        url: `/api/xeroadmin/${f.name}/:xeroId`,
        key: 'xeroadmin',
        gate: ACCOUNTING_DEV_GATE,
        params,
        data: { type: 'object', additionalProperties: true, description: `Xero's ${f.key.slice(0, -1)} record as it answers it` },
        summary: `${f.what} as Xero holds it; 404 ${f.notFound} when Xero has no such id`,
      },
      async (req) => {
        const api = await requestXeroApi(req);
        try {
          const answer = await api.call<Record<string, unknown>>('GET', `${f.path}/${(req.params as { xeroId: string }).xeroId}`);
          const record = (answer.body[f.key] as Record<string, unknown>[] | undefined)?.[0];
          if (!record) throw accountingError('XE_RESULT_ERR');
          return { data: record };
        } catch (error) {
          if (error instanceof AppError) throw error;
          if (error instanceof NotFound) throw new AppError({ code: f.notFound, status: 404, primary: enText(`xeroCodes.${f.notFound}`) });
          throw accountingError(xeroCodeOf(error, f.notFound));
        }
      },
    );
  }
}
