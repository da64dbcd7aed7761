/**
 * A job's photos, documents and invoices in the engineer view: the phone's camera (several photos
 * at once), documents and invoices, each file with its own progress and a retry when the upload
 * failed (useUploadQueue.ts); below, the job's documents and photos and the engineer's invoices on
 * it. The office finds the same files on the job's Documents tab.
 */
import { Box, Button, Card, CardContent, LinearProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import ReceiptIcon from '@mui/icons-material/Receipt';
import { useTranslate } from 'ra-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { JobDocumentRow } from '../../core/files/types';
import { formatBytes } from '../files/format';
import { ENGINEER_KEY, useEngineerProvider } from './engineerProvider';
import { useUploadQueue, type QueuedUpload, type UploadKind } from './useUploadQueue';

function Chooser(props: { label: string; icon: ReactNode; accept?: string; capture?: boolean; onChoose: (files: File[]) => void }) {
  return (
    <Button component="label" variant="outlined" startIcon={props.icon}>
      {props.label}
      <input
        hidden
        multiple
        type="file"
        aria-label={props.label}
        accept={props.accept}
        {...(props.capture ? { capture: 'environment' } : {})}
        onChange={(e) => {
          props.onChoose(Array.from(e.target.files ?? []));
          // The same file can be chosen again (a retake).
          e.target.value = '';
        }}
      />
    </Button>
  );
}

function QueueRow({ item, onRetry, onDismiss }: { item: QueuedUpload; onRetry: () => void; onDismiss: () => void }) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`engineerPortal.uploads.${key}`, opts);
  const status = item.state === 'sending' ? t('sending', { percent: item.percent }) : t(item.state);
  return (
    <ListItem disableGutters sx={{ display: 'block' }} aria-label={item.name}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {item.name} · {formatBytes(item.size)}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={item.state === 'done' ? 100 : item.percent}
        color={item.state === 'failed' ? 'error' : 'primary'}
        aria-label={t('progress', { name: item.name })}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="caption" role="status" color={item.state === 'failed' ? 'error' : 'text.secondary'}>
          {status}
        </Typography>
        {item.state === 'failed' && (
          <>
            <Button size="small" onClick={onRetry} aria-label={t('retryName', { name: item.name })}>
              {t('retry')}
            </Button>
            <Button size="small" color="inherit" onClick={onDismiss} aria-label={t('dismiss', { name: item.name })}>
              ×
            </Button>
          </>
        )}
      </Stack>
    </ListItem>
  );
}

function DocumentList({ label, rows }: { label: string; rows: JobDocumentRow[] }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={label}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      {rows.length === 0 && <Typography variant="body2">{translate('engineerPortal.uploads.none')}</Typography>}
      <List dense disablePadding>
        {rows.map((r) => (
          <ListItem key={r.file_id} disableGutters>
            <ListItemText primary={r.name} secondary={`${formatBytes(r.size)} · ${r.added.slice(0, 16)}`} sx={{ overflowWrap: 'anywhere' }} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

export function EngineerUploads({ jobId }: { jobId: number }) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`engineerPortal.uploads.${key}`, opts);
  const provider = useEngineerProvider();
  const queryClient = useQueryClient();
  const docsKey = [ENGINEER_KEY, 'docs', jobId];
  const invoicesKey = [ENGINEER_KEY, 'invoices', jobId];
  const { data: docs = [] } = useQuery({ queryKey: docsKey, queryFn: ({ signal }) => provider.engineerGeneralDocs(jobId, signal) });
  const { data: invoices = [] } = useQuery({ queryKey: invoicesKey, queryFn: ({ signal }) => provider.engineerInvoices(jobId, signal) });
  const refresh = (kind: UploadKind) => void queryClient.invalidateQueries({ queryKey: kind === 'invoices' ? invoicesKey : docsKey });
  const { items, add, retry, dismiss } = useUploadQueue(jobId, refresh);
  const failed = items.filter((i) => i.state === 'failed');
  const pending = items.filter((i) => i.state !== 'done').length;

  return (
    <Card variant="outlined" component="section" aria-label={t('title')}>
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {t('title')}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
            <Chooser label={t('takePhotos')} icon={<PhotoCameraIcon />} accept="image/*" capture onChoose={(f) => add('files', f)} />
            <Chooser label={t('addDocuments')} icon={<UploadFileIcon />} onChoose={(f) => add('files', f)} />
            <Chooser label={t('addInvoice')} icon={<ReceiptIcon />} accept="image/*,application/pdf" onChoose={(f) => add('invoices', f)} />
          </Stack>
          {items.length > 0 && (
            <Box component="section" aria-label={t('queue')}>
              {pending > 0 && <Typography variant="body2">{t('pending', { count: pending })}</Typography>}
              <List dense disablePadding>
                {items.map((item) => (
                  <QueueRow key={item.key} item={item} onRetry={() => retry([item.key])} onDismiss={() => dismiss(item.key)} />
                ))}
              </List>
              {failed.length > 1 && <Button onClick={() => retry(failed.map((i) => i.key))}>{t('retryAll')}</Button>}
            </Box>
          )}
          <DocumentList label={t('documents')} rows={docs} />
          <DocumentList label={t('invoices')} rows={invoices} />
        </Stack>
      </CardContent>
    </Card>
  );
}
