/**
 * /engineer-view/{id?} (SPEC.md point 2, engineer job view): without an id the engineer's own
 * notifications and jobs, with an id that job's details, the engineer's own costs and a report form.
 */
import { Stack } from '@mui/material';
import { useParams } from 'react-router-dom';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { EngineerJobList } from './EngineerJobList';
import { EngineerJobView } from './EngineerJobView';
import { EngineerNotifications } from './EngineerNotifications';

export function EngineerViewPage({ title }: PageProps) {
  const { id } = useParams();
  const jobId = id && /^\d+$/.test(id) ? Number(id) : null;
  return (
    <PageFrame title={title}>
      {jobId ? (
        <EngineerJobView key={jobId} jobId={jobId} />
      ) : (
        <Stack spacing={4}>
          <EngineerNotifications />
          <EngineerJobList />
        </Stack>
      )}
    </PageFrame>
  );
}
