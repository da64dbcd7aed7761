/**
 * /portal/request: the customer asks for a job on one of their sites (issue 24): the site, what
 * needs doing, an optional order number and details, and optional photos (the phone's camera),
 * uploaded with progress to the new job's documents once it exists; then the job page opens.
 */
import { useRef, useState } from 'react';
import { Alert, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { useTranslate } from 'ra-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { overUploadLimit } from '../../core/files/rules';
import { useBrand } from '../brand/BrandContext';
import { xhrUpload } from '../files/xhrUpload';
import { notify } from '../notices/noticeStore';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { CUSTOMER_KEY, useCustomerProvider } from './customerProvider';
import { apiBase } from './portalParts';

export function CustomerRequestPage({ title }: PageProps) {
  const translate = useTranslate();
  const t = (key: string, opts?: Record<string, unknown>) => translate(`customerPortal.request.${key}`, opts);
  const brand = useBrand();
  const navigate = useNavigate();
  const provider = useCustomerProvider();
  const client = useQueryClient();
  const photoInput = useRef<HTMLInputElement>(null);
  const { data: sites = [], isFetched } = useQuery({ queryKey: [CUSTOMER_KEY, 'sites'], queryFn: ({ signal }) => provider.customerSites(signal) });
  const [form, setForm] = useState({ js_id: '', job_desc: '', job_wopo: '', job_details: '' });
  const [photos, setPhotos] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const tooBig = overUploadLimit(
    photos.map((p) => p.size),
    brand.maxUploadSizeMB,
  );

  const submit = useMutation({
    mutationFn: async () => {
      const job = await provider.customerRequestJob({
        js_id: Number(form.js_id),
        job_desc: form.job_desc.trim(),
        job_wopo: form.job_wopo,
        job_details: form.job_details,
      });
      if (job && photos.length) {
        const body = new FormData();
        for (const p of photos) body.append('file', p, p.name);
        setProgress(0);
        try {
          const answer = await xhrUpload(`${apiBase(brand.apiUrl)}/customerportal/${job.job_id}/generaldocuments`, body, setProgress);
          // The job exists either way: a failed photo is said, and can be added from the job page.
          if (answer.status >= 300) notify('error', translate('files.errors.uploadFailed'));
        } finally {
          setProgress(null);
        }
      }
      return job;
    },
    onSuccess: (job) => {
      void client.invalidateQueries({ queryKey: [CUSTOMER_KEY] });
      if (!job) return;
      notify('success', t('done', { number: job.job_number ?? job.job_id }));
      navigate(`/portal/jobs/${job.job_id}`);
    },
  });

  const ready = !!form.js_id && !!form.job_desc.trim() && !tooBig && !submit.isPending;
  return (
    <PageFrame title={title}>
      <Stack
        spacing={2}
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) submit.mutate();
        }}
      >
        {isFetched && sites.length === 0 && <Alert severity="info">{t('noSites')}</Alert>}
        <TextField select required label={t('site')} value={form.js_id} onChange={(e) => setForm((f) => ({ ...f, js_id: e.target.value }))} fullWidth>
          {sites.map((s) => (
            <MenuItem key={s.js_id} value={String(s.js_id)} sx={{ whiteSpace: 'normal' }}>
              {[s.js_address, s.js_postcode].filter(Boolean).join(', ')}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          required
          label={t('description')}
          value={form.job_desc}
          onChange={(e) => setForm((f) => ({ ...f, job_desc: e.target.value }))}
          inputProps={{ maxLength: 100 }}
          fullWidth
        />
        <TextField
          label={t('wopo')}
          value={form.job_wopo}
          onChange={(e) => setForm((f) => ({ ...f, job_wopo: e.target.value }))}
          inputProps={{ maxLength: 100 }}
          fullWidth
        />
        <TextField
          label={t('details')}
          value={form.job_details}
          onChange={(e) => setForm((f) => ({ ...f, job_details: e.target.value }))}
          inputProps={{ maxLength: 3000 }}
          multiline
          minRows={3}
          fullWidth
        />
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />}>
            {t('photo')}
            <input
              ref={photoInput}
              hidden
              multiple
              type="file"
              accept="image/*"
              capture="environment"
              aria-label={t('photo')}
              onChange={(e) => setPhotos(Array.from(e.target.files ?? []))}
            />
          </Button>
          {photos.length > 0 && <Typography variant="body2">{photos.map((p) => p.name).join(', ')}</Typography>}
        </Stack>
        {tooBig && <Alert severity="error">{translate('files.errors.maxUpload')}</Alert>}
        {progress !== null && (
          <LinearProgress variant="determinate" value={progress} aria-label={translate('customerPortal.job.uploading', { percent: progress })} />
        )}
        <Button type="submit" variant="contained" disabled={!ready} sx={{ alignSelf: 'flex-start' }}>
          {t('submit')}
        </Button>
      </Stack>
    </PageFrame>
  );
}
