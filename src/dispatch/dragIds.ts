/** What a drag carries and where it lands, as dnd-kit ids and data. */
import type { DispatchJob, DispatchVisit } from '../../core/dispatch/types';

export interface DragItem {
  job: DispatchJob | DispatchVisit;
  /** The lane a visit is dragged from; absent for a job from the list. */
  fromUsId?: number;
}

export interface DropCell {
  usId: number;
  day: string;
  hour: number;
}

export const dragId = (item: DragItem) => `job-${item.job.job_id}-${item.fromUsId ?? 'list'}`;
export const cellId = (c: DropCell) => `cell-${c.usId}-${c.day}-${c.hour}`;
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
