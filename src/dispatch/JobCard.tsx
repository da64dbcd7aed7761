/**
 * A job on the board, in the list or on a lane: dragged with the pointer, or scheduled from its
 * Schedule button (the keyboard's way, and the phone's).
 */
import { useDraggable } from '@dnd-kit/core';
import { Box, Button, Link, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { wireToLocal } from '../../core/dispatch/week';
import { dragId, type DragItem } from './dragIds';

interface Props {
  item: DragItem;
  zone: string;
  onSchedule: (item: DragItem) => void;
}

export function JobCard({ item, zone, onSchedule }: Props) {
  const t = useTranslate();
  const { job } = item;
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: dragId(item), data: item });
  const number = job.job_number ?? `#${job.job_id}`;
  const times =
    item.fromUsId !== undefined && job.job_start ? `${wireToLocal(job.job_start, zone).time}–${job.job_end ? wireToLocal(job.job_end, zone).time : ''} ` : '';
  return (
    <Box
      ref={setNodeRef}
      {...listeners}
      data-testid={dragId(item)}
      sx={{
        p: 0.75,
        mb: 0.5,
        borderRadius: 1,
        border: 1,
        borderColor: item.fromUsId !== undefined ? 'primary.main' : 'divider',
        bgcolor: 'background.paper',
        opacity: isDragging ? 0.4 : 1,
        cursor: 'grab',
        touchAction: 'none',
        minWidth: 0,
        wordBreak: 'break-word',
      }}
    >
      <Typography variant="body2" component="div">
        {times}
        <Link component={RouterLink} to={`/sheet/${job.job_id}/schedule`} aria-label={t('dispatch.openJob', { number })}>
          {number}
        </Link>
      </Typography>
      <Typography variant="caption" component="div" color="text.secondary">
        {[job.job_desc, job.js_address].filter(Boolean).join(' · ')}
      </Typography>
      <Button size="small" sx={{ minHeight: 24, p: 0, mt: 0.25 }} onClick={() => onSchedule(item)} aria-label={t('dispatch.scheduleJob', { number })}>
        {t('dispatch.schedule')}
      </Button>
    </Box>
  );
}
