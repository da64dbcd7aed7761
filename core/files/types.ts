/** Wire types of the files area, shared by the SPA and the server. */
import type { FILE_GROUPS } from '../enums';

export type FileGroup = (typeof FILE_GROUPS)[number];

export interface FileRelations {
  jobs: { job_id: number; job_number: string | null }[];
  sites: { js_id: number; js_address: string }[];
}

/** One file as lists and details answer it. */
export interface FileRow {
  file_id: number;
  f_grp_id: FileGroup;
  name: string;
  size: number;
  /** MIME type detected from the content. */
  type: string;
  /** 'YYYY-MM-DD HH:mm:ss' UTC. */
  added: string;
  uploaded_by: number | null;
  uploaded_by_name: string | null;
  note: string | null;
  /** Thumbnail sizes made for this file, ascending; empty for anything but raster images. */
  thumbs: number[];
  /** The server-made name to download the file by (GET files/download/{name}). */
  download_name: string;
  /** Present when the brand has file.extendWithRelations on. */
  relations?: FileRelations;
}

/** A job's document: the file plus its link to the job (none for a job-site document). */
export interface JobDocumentRow extends FileRow {
  fxj_id: number | null;
  fxj_processed: boolean;
  fxj_visible_to_client: boolean;
}

export const FILE_TYPE_CATEGORIES = ['image', 'pdf', 'text', 'office', 'other'] as const;
export type FileTypeCategory = (typeof FILE_TYPE_CATEGORIES)[number];

export interface FileFilter {
  f_grp_id?: FileGroup | null;
  stext?: string | null;
  type?: FileTypeCategory | null;
  job_id?: number | null;
  js_id?: number | null;
}

export const FILE_SORT_FIELDS = ['name', 'size', 'type', 'added'] as const;

/** The job document upload calls (SPEC.md point 7) and the group each one files into. */
export const JOB_UPLOAD_GROUPS = {
  generaldocuments: 'GENERALDOCUMENTS',
  salesinvoices: 'QUOTES_INVOICES',
  purchaseinvoices: 'PURCHASE_INVOICES',
  workorders: 'WORKORDERS',
} as const satisfies Record<string, FileGroup>;
export type JobUploadAction = keyof typeof JOB_UPLOAD_GROUPS;

/** The preview size: 1600 when the file has it, otherwise its biggest thumbnail (SPEC.md point 9). */
export function previewSize(thumbs: readonly number[]): number | null {
  if (!thumbs.length) return null;
  return thumbs.includes(1600) ? 1600 : Math.max(...thumbs);
}
