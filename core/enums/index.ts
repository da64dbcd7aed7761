/** The enumerations of SPEC.md point 3, spelled as the spec spells them (typos included). */
import type { TaxRateChoice } from '../accounting/constants';
export const JOB_STATUSES = ['CANCELLED', 'ON_HOLD', 'COMPLETED', 'APPROVED', 'BOOKED', 'IN_PROGRESS', 'SIGNED_OFF', 'QUOTED'] as const;
export const MATERIAL_TYPES = [
  'FROM_STOCK',
  'NA',
  'ORDER_TO_CONTRATCOR',
  'ORDER_TO_BRANCH',
  'ORDER_TO_SITE',
  'ORDER_TO_STORAGE',
  'PROVIDED_BY_CLIENT',
  'SORTED_BY_CONTRATOR',
  'RETURN',
] as const;
export const COST_TYPES = ['LABOUR', 'OUR_MATERIAL', 'CONTRACT_MATERIAL', 'P_CC_ULEZ', 'FUEL'] as const;
export const FILE_GROUPS = ['GENERALDOCUMENTS', 'QUOTES_INVOICES', 'WORKORDERS', 'EMAILATTACHMENTS', 'JOBSITES', 'PURCHASE_INVOICES', 'USER_FILES'] as const;
export const NOTIFICATION_TYPES = [
  'GENERAL',
  'NEW_PURCHASE_INVOICE',
  'JOB_PLANNED',
  'ADVANCE_PAYMENT',
  'ENGINEER_NOT_REPORTED',
  'TO_REPORT',
  'NEED_MATERIAL',
  'MATERIAL_DUE',
  'COST_MODIFIED',
  'REPORT_MISSING',
  'COST_ADDED',
  'COST_REMOVED',
  'CUSTOMER_NEW_JOB',
  'CUSTOMER_NEW_FILE',
  'CUSTOMER_JOB_UPDATE',
  // Beyond SPEC's list: an outside service (Xero, Google, Microsoft) refused a grant; its params name the provider and the page to reconnect on.
  'RECONNECT_NEEDED',
] as const;
export const CONTACT_TYPES = ['CLIENT', 'ENGINEER', 'SUPPLIER', 'OPERATOR', 'CUSTOMER'] as const;
export const INVOICE_TYPES = ['QUOTE', 'ADVANCE_PAYMENT', 'INVOICE', 'CREDIT_NOTE'] as const;
export const SITE_CONTACT_TYPES = ['UNKNOWN', 'AGENT', 'CLEANER', 'CONCIERGE', 'OWNER', 'RENTER', 'TENANT', 'OTHER'] as const;
export const JOB_TAGS = ['NEEDTOCALL', 'WAITINGFOR', 'NEEDMATERIALS', 'NEEDMOREINFO', 'PLANNED', 'ADVANCEPAYMENT'] as const;
export const MAIL_DATE_GROUPS = ['TODAY', 'YESTERDAY', 'THIS_WEEK', 'LAST_WEEK', 'TWO_WEEKS_AGO', 'OLDER'] as const;

export type JobStatus = (typeof JOB_STATUSES)[number];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type JobTag = (typeof JOB_TAGS)[number];
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/**
 * The answer of GET /api/globalparams/list (data of the 'globalparams' key). Enumerations are
 * codes; the SPA translates them under 'enums.<set>.<CODE>'.
 */
export interface GlobalParams {
  job_statuses: readonly string[];
  job_tags: readonly string[];
  contact_types: readonly string[];
  material_types: readonly string[];
  cost_types: readonly string[];
  invoice_types: readonly string[];
  file_groups: readonly string[];
  notification_types: readonly string[];
  site_contact_types: readonly string[];
  mail_date_groups: readonly string[];
  /** Roles an admin may give to a user (the changeable roles of SPEC.md point 6). */
  roles: readonly string[];
  departments: { de_id: number; de_name: string; de_prefix: string; de_color: string | null }[];
  /** The brand's visible accounting tax rates, the default first; empty without the accounting feature. */
  tax_rates: TaxRateChoice[];
}
