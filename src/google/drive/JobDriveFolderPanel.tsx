/**
 * A job's own Google Drive folder, on its Documents tab below the product's files (staff, with
 * google.drive on): made or linked with one of the user's accounts, then its files listed; unlink
 * leaves the folder in Drive. Colleagues without that account see its name and where it lives.
 */
import { useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import { Confirm } from 'react-admin';
import { useNotify, useTranslate } from 'ra-core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkAccess } from '../../../core/access/access';
import { GOOGLE_DRIVE_GATE } from '../../../core/google/constants';
import { useAuth } from '../../auth/authStore';
import { useBrand } from '../../brand/BrandContext';
import { LoginRequired } from '../tasks/LoginRequired';
import { useUsableAccounts } from '../tasks/useUsableAccounts';
import { jobFolderKey, useDriveProvider } from './driveProvider';
import { JobFolderFiles } from './JobFolderFiles';
import { JobFolderSetup } from './JobFolderSetup';

export function JobDriveFolderPanel({ jobId }: { jobId: number }) {
  const role = useAuth().user?.role;
  const features = useBrand().features;
  if (!checkAccess(GOOGLE_DRIVE_GATE, { role, features }).ok) return null;
  return <FolderSection jobId={jobId} />;
}

function FolderSection({ jobId }: { jobId: number }) {
  const translate = useTranslate();
  const t = (k: string, opts?: Record<string, unknown>) => translate(`google.jobFolder.${k}`, opts);
  const provider = useDriveProvider();
  const notify = useNotify();
  const queries = useQueryClient();
  const { loaded, usable } = useUsableAccounts();
  const [unlinking, setUnlinking] = useState(false);
  const folder = useQuery({ queryKey: jobFolderKey(jobId), queryFn: ({ signal }) => provider.jobFolder(jobId, signal) });
  const link = useMutation({
    mutationFn: ({ gaId, folderId }: { gaId: number; folderId?: string }) => provider.jobFolderLink(jobId, gaId, folderId),
    onSuccess: (made) => {
      queries.setQueryData(jobFolderKey(jobId), made);
      if (made) notify(t('ready', { name: made.name }), { type: 'success' });
    },
  });
  const unlink = useMutation({
    mutationFn: () => provider.jobFolderUnlink(jobId),
    onSettled: () => queries.invalidateQueries({ queryKey: jobFolderKey(jobId) }),
  });

  let body;
  if (!folder.isSuccess || !loaded) body = null;
  else if (folder.data) body = <JobFolderFiles folder={folder.data} />;
  else if (!usable.length) body = <LoginRequired />;
  else body = <JobFolderSetup jobId={jobId} accounts={usable} busy={link.isPending} onLink={(gaId, folderId) => link.mutate({ gaId, folderId })} />;
  const current = folder.data;

  return (
    <Box component="section" aria-labelledby={`job-${jobId}-drive-title`} sx={{ mt: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={`job-${jobId}-drive-title`} variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
          {current ? `${t('title')}: ${current.name}` : t('title')}
        </Typography>
        {current && (
          <Button size="small" color="error" onClick={() => setUnlinking(true)} disabled={unlink.isPending}>
            {t('unlink')}
          </Button>
        )}
      </Stack>
      {current && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1, wordBreak: 'break-word' }}>
          {t('where', { email: current.email ?? '', user: current.linked_by_name ?? '' })}
        </Typography>
      )}
      {body}
      <Confirm
        isOpen={unlinking && !!current}
        title="google.jobFolder.unlinkTitle"
        titleTranslateOptions={{ name: current?.name ?? '' }}
        content="google.jobFolder.unlinkText"
        confirm="google.jobFolder.unlink"
        cancel="google.jobFolder.cancel"
        confirmColor="warning"
        onClose={() => setUnlinking(false)}
        onConfirm={() => {
          setUnlinking(false);
          unlink.mutate();
        }}
      />
    </Box>
  );
}
