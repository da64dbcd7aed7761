/** GET /api/globalparams/list: enumerations, the brand's departments, the changeable roles and the visible tax rates. */
import type { FastifyInstance } from 'fastify';
import {
  CONTACT_TYPES,
  COST_TYPES,
  FILE_GROUPS,
  INVOICE_TYPES,
  JOB_STATUSES,
  JOB_TAGS,
  MAIL_DATE_GROUPS,
  MATERIAL_TYPES,
  NOTIFICATION_TYPES,
  SITE_CONTACT_TYPES,
  type GlobalParams,
} from '../../core/enums';
import { requireLogin } from '../auth/gate';
import { sendOk } from '../envelope/envelope';
import { responses } from '../envelope/schemas';
import { changeableRoles } from './roles';
import { taxChoiceSchema, visibleTaxRates } from '../accounting/taxChoices';

const stringList = { type: 'array', items: { type: 'string' } };

const globalParamsSchema = {
  type: 'object',
  properties: {
    job_statuses: stringList,
    job_tags: stringList,
    contact_types: stringList,
    material_types: stringList,
    cost_types: stringList,
    invoice_types: stringList,
    file_groups: stringList,
    notification_types: stringList,
    site_contact_types: stringList,
    mail_date_groups: stringList,
    roles: stringList,
    departments: {
      type: 'array',
      items: {
        type: 'object',
        properties: { de_id: { type: 'integer' }, de_name: { type: 'string' }, de_prefix: { type: 'string' }, de_color: { type: ['string', 'null'] } },
      },
    },
    tax_rates: taxChoiceSchema,
  },
};

export function registerGlobalParamsRoutes(app: FastifyInstance): void {
  app.get(
    '/api/globalparams/list',
    {
      config: { envelopeKey: 'globalparams', gate: { roles: ['ANY'] } },
      preHandler: requireLogin,
      schema: {
        tags: ['globalparams'],
        summary: 'Reference data loaded by the SPA at start (any logged-in user)',
        response: responses('globalparams', globalParamsSchema),
      },
    },
    async (req, reply) => {
      // Every department, inactive ones too: existing jobs still need their names.
      const [departments, tax_rates] = await Promise.all([
        req.db!.selectFrom('departments').select(['de_id', 'de_name', 'de_prefix', 'de_color']).orderBy('de_name').orderBy('de_id').execute(),
        visibleTaxRates(req),
      ]);
      const data: GlobalParams = {
        job_statuses: JOB_STATUSES,
        job_tags: JOB_TAGS,
        contact_types: CONTACT_TYPES,
        material_types: MATERIAL_TYPES,
        cost_types: COST_TYPES,
        invoice_types: INVOICE_TYPES,
        file_groups: FILE_GROUPS,
        notification_types: NOTIFICATION_TYPES,
        site_contact_types: SITE_CONTACT_TYPES,
        mail_date_groups: MAIL_DATE_GROUPS,
        roles: changeableRoles(req.user!.role),
        departments,
        tax_rates,
      };
      return sendOk(req, reply, data);
    },
  );
}
