/**
 * The engineer's uploads from a phone: each chosen file is its own request, sent one after the
 * other with its own progress, under an Idempotency-Key made when the file is chosen. A file whose
 * upload failed (the signal dropped, the server refused) stays in the list to be retried, by hand
 * or when the phone is back online, under the same key: the server answers a key it has already
 * stored with the stored file (server/engineerportal/uploads.ts), so nothing is stored twice.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'ra-core';
import { useBrand } from '../brand/BrandContext';
import type { DbError } from '../../core/envelope/types';
import { addError } from '../errors/errorListStore';
import { xhrUpload } from '../files/xhrUpload';
import { notify } from '../notices/noticeStore';

export type UploadKind = 'files' | 'invoices';
export type UploadState = 'waiting' | 'sending' | 'done' | 'failed';

export interface QueuedUpload {
  key: string;
  name: string;
  size: number;
  kind: UploadKind;
  percent: number;
  state: UploadState;
}

/** 128 random bits as hex; crypto.randomUUID is missing outside secure contexts (http on a LAN). */
export function newUploadKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function useUploadQueue(jobId: number, onUploaded: (kind: UploadKind) => void) {
  const translate = useTranslate();
  const brand = useBrand();
  const [items, setItems] = useState<QueuedUpload[]>([]);
  const files = useRef(new Map<string, { file: File; kind: UploadKind }>());
  const queue = useRef<string[]>([]);
  const failed = useRef(new Set<string>());
  const running = useRef(false);
  const api = (brand.apiUrl || '/api').replace(/\/+$/, '');

  const patch = (key: string, change: Partial<QueuedUpload>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const sendOne = async (key: string): Promise<boolean> => {
    const { file, kind } = files.current.get(key)!;
    const url = `${api}/engineerportal/${jobId}/${kind}`;
    const form = new FormData();
    form.append('file', file, file.name);
    try {
      const answer = await xhrUpload(url, form, (percent) => patch(key, { percent }), undefined, { 'Idempotency-Key': key });
      if (answer.status >= 200 && answer.status < 300) return true;
      const envelope = (answer.body as Record<string, { dbErrors?: unknown }> | null)?.engineerportal;
      const message = translate('files.errors.uploadFailed');
      notify('error', message);
      addError({ url, msg: message, dbErrors: Array.isArray(envelope?.dbErrors) ? (envelope.dbErrors as DbError[]) : null });
      return false;
    } catch {
      // The connection dropped: the row says so and offers the retry.
      return false;
    }
  };

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let key = queue.current.shift(); key !== undefined; key = queue.current.shift()) {
        patch(key, { state: 'sending', percent: 0 });
        const ok = await sendOne(key);
        if (ok) failed.current.delete(key);
        else failed.current.add(key);
        patch(key, ok ? { state: 'done', percent: 100 } : { state: 'failed' });
        if (ok) onUploaded(files.current.get(key)!.kind);
      }
    } finally {
      running.current = false;
    }
    // sendOne and onUploaded read only refs and stable values of this job.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId]);

  const add = (kind: UploadKind, chosen: File[]) => {
    const added = chosen.map((file): QueuedUpload => ({ key: newUploadKey(), name: file.name, size: file.size, kind, percent: 0, state: 'waiting' }));
    added.forEach((item, i) => files.current.set(item.key, { file: chosen[i], kind }));
    queue.current.push(...added.map((i) => i.key));
    setItems((list) => [...list, ...added]);
    void pump();
  };

  const retry = useCallback(
    (keys: string[]) => {
      const again = keys.filter((k) => failed.current.has(k) && !queue.current.includes(k));
      if (!again.length) return;
      queue.current.push(...again);
      setItems((list) => list.map((i) => (again.includes(i.key) ? { ...i, state: 'waiting', percent: 0 } : i)));
      void pump();
    },
    [pump],
  );

  const dismiss = (key: string) => {
    failed.current.delete(key);
    files.current.delete(key);
    setItems((list) => list.filter((i) => i.key !== key));
  };

  // Back online: what failed is sent again, under the same keys.
  useEffect(() => {
    const online = () => retry([...failed.current]);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [retry]);

  return { items, add, retry, dismiss };
}
