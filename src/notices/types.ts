/** Client notification kinds of SPEC.md point 3. */
export type NoticeKind = 'success' | 'error' | 'warning' | 'info';

/** SPEC.md point 9: error and warning stay 15 s, the others 1 s. */
export const NOTICE_DURATION_MS: Record<NoticeKind, number> = {
  error: 15000,
  warning: 15000,
  success: 1000,
  info: 1000,
};

export interface Notice {
  id: number;
  kind: NoticeKind;
  message: string;
  /** How many notices of the same group (same message and kind) are stacked into this one. */
  count: number;
}
