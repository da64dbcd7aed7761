/**
 * A job's tasks, below its details: the user's own tasks linked to it (through the job id on a
 * task), with the same actions as the task pages. Shown only where tasks are open to the user.
 */
import { Box, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { checkAccess } from '../../../core/access/access';
import { GOOGLE_TASKS_GATE } from '../../../core/google/constants';
import { useAuth } from '../../auth/authStore';
import { useBrand } from '../../brand/BrandContext';
import { TasksTable } from './TasksTable';
import { useTasksText } from './useTasksText';

export function JobTasksPanel({ jobId }: { jobId: number }) {
  const t = useTasksText();
  const role = useAuth().user?.role;
  const features = useBrand().features;
  if (!checkAccess(GOOGLE_TASKS_GATE, { role, features }).ok) return null;
  return (
    <Box component="section" aria-labelledby="job-tasks-title" sx={{ mt: 3 }}>
      <Typography id="job-tasks-title" variant="h6" component="h2">
        {t('jobTasks')}
      </Typography>
      <TasksTable filter={{ job_id: jobId }} />
      <Link component={RouterLink} to="/google/tasklists" variant="body2">
        {t('lists')}
      </Link>
    </Box>
  );
}
