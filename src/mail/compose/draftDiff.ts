/**
 * The autosave rules of SPEC.md point 4 on the SPA side: nothing changed → no call at all; the
 * body goes in the update only when it changed (it can be large). The server applies the same
 * rules again, so a second tab cannot break them.
 */
import type { Draft, DraftState } from './types';

export function stateOf(d: Draft): DraftState {
  return {
    mal_id: d.mal_id,
    mailaccount_id: d.mailaccount_id,
    mdraft_to_arr: d.mdraft_to_arr,
    mdraft_cc_arr: d.mdraft_cc_arr,
    mdraft_bcc_arr: d.mdraft_bcc_arr,
    mdraft_subject: d.mdraft_subject,
    mdraft_html: d.mdraft_html,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields to send, or null when nothing changed since `saved`. */
export function draftChanges(saved: DraftState, current: DraftState): Partial<DraftState> | null {
  const out: Partial<DraftState> = {};
  if (saved.mal_id !== current.mal_id || saved.mailaccount_id !== current.mailaccount_id) {
    out.mal_id = current.mal_id;
    out.mailaccount_id = current.mailaccount_id;
  }
  for (const k of ['mdraft_to_arr', 'mdraft_cc_arr', 'mdraft_bcc_arr'] as const) if (!same(saved[k], current[k])) out[k] = current[k];
  if (saved.mdraft_subject !== current.mdraft_subject) out.mdraft_subject = current.mdraft_subject;
  if (saved.mdraft_html !== current.mdraft_html) out.mdraft_html = current.mdraft_html;
  return Object.keys(out).length ? out : null;
}
