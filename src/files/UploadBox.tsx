/**
 * Choose several files and upload them with a progress bar. Over the brand's maxUploadSizeMB the
 * upload is refused before anything is sent ('Max upload limit reached.'); a failed upload says
 * 'Upload was unsuccessful! Try again or modify the file list.' and keeps the list for another try.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, FormControlLabel, LinearProgress, Stack, Switch, Typography } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'ra-core';
import { useBrand } from '../brand/BrandContext';
import { SHOW_SNACKBAR_HEADER, type DbError } from '../../core/envelope/types';
import { addError } from '../errors/errorListStore';
import { notify } from '../notices/noticeStore';
import { formatBytes } from './format';
import { overUploadLimit } from '../../core/files/rules';
import { xhrUpload } from './xhrUpload';

export interface UploadBoxProps {
  /** API path of the upload call, e.g. 'files/upload' or 'jobs/12/workorders'. */
  path: string;
  /** Plain fields sent beside the files. */
  fields?: Record<string, string>;
  /** Envelope key of the answer ('files' or 'jobs'). */
  answerKey: string;
  onUploaded: (rows: unknown[]) => void;
  /** Controls shown before the chooser (e.g. the group to upload to). */
  children?: ReactNode;
  disabled?: boolean;
  /** Also offer the phone's rear camera (a photo taken there and then); a desktop shows its file chooser. */
  camera?: boolean;
}

export function UploadBox({ path, fields = {}, answerKey, onUploaded, children, disabled, camera }: UploadBoxProps) {
  const translate = useTranslate();
  const brand = useBrand();
  const input = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [skipResize, setSkipResize] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canSkip = !!brand.features.file?.enableSkipResize;
  const url = `${(brand.apiUrl || '/api').replace(/\/+$/, '')}/${path}`;

  const fail = (message: string, dbErrors: unknown = null) => {
    setError(message);
    notify('error', message);
    addError({ url, msg: message, dbErrors: Array.isArray(dbErrors) ? (dbErrors as DbError[]) : null });
  };

  const tooBig = (list: File[]) =>
    overUploadLimit(
      list.map((f) => f.size),
      brand.maxUploadSizeMB,
    );

  const choose = (list: FileList | null) => {
    const chosen = Array.from(list ?? []);
    setFiles(chosen);
    setError(null);
    if (tooBig(chosen)) fail(translate('files.errors.maxUpload'));
  };

  const send = async () => {
    if (!files.length) return;
    // Refused here, before a byte is sent; the server refuses it too (413).
    if (tooBig(files)) return fail(translate('files.errors.maxUpload'));
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    if (canSkip && skipResize) form.append('skipResize', '1');
    for (const f of files) form.append('file', f, f.name);
    setError(null);
    setProgress(0);
    try {
      const answer = await xhrUpload(url, form, setProgress);
      const envelope = (answer.body as Record<string, { data?: unknown; dbErrors?: unknown }> | null)?.[answerKey];
      if (answer.status < 200 || answer.status >= 300) return fail(translate('files.errors.uploadFailed'), envelope?.dbErrors);
      if (answer.header(SHOW_SNACKBAR_HEADER)) notify('success', translate('ra.notification.created'));
      setFiles([]);
      if (input.current) input.current.value = '';
      if (cameraInput.current) cameraInput.current.value = '';
      onUploaded(Array.isArray(envelope?.data) ? envelope.data : []);
    } catch {
      fail(translate('files.errors.uploadFailed'));
    } finally {
      setProgress(null);
    }
  };

  const total = files.reduce((sum, f) => sum + f.size, 0);
  return (
    <Box>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        {children}
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={disabled || progress !== null}>
          {translate('files.actions.chooseFiles')}
          <input ref={input} hidden multiple type="file" aria-label={translate('files.actions.chooseFiles')} onChange={(e) => choose(e.target.files)} />
        </Button>
        {camera && (
          <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />} disabled={disabled || progress !== null}>
            {translate('files.actions.takePhoto')}
            <input
              ref={cameraInput}
              hidden
              type="file"
              accept="image/*"
              capture="environment"
              aria-label={translate('files.actions.takePhoto')}
              onChange={(e) => choose(e.target.files)}
            />
          </Button>
        )}
        {files.length > 0 && <Typography variant="body2">{translate('files.selectedFiles', { count: files.length, size: formatBytes(total) })}</Typography>}
        {canSkip && (
          <FormControlLabel
            control={<Switch checked={skipResize} onChange={(e) => setSkipResize(e.target.checked)} />}
            label={translate('files.actions.skipResize')}
          />
        )}
        <Button variant="contained" onClick={() => void send()} disabled={disabled || !files.length || progress !== null}>
          {translate('files.actions.upload')}
        </Button>
      </Stack>
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
          <LinearProgress variant="determinate" value={progress} aria-label={translate('files.uploading', { percent: progress })} />
          <Typography variant="caption">{translate('files.uploading', { percent: progress })}</Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
