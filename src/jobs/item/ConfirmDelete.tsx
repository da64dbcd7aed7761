/** Asks before a job is deleted: the delete takes its sales, costs and history with it. */
import { Confirm } from 'react-admin';

export function ConfirmDelete({ open, onClose, onConfirm }: { open: boolean; onClose: () => void; onConfirm: () => void }) {
  return (
    <Confirm
      isOpen={open}
      title="jobs.item.delete"
      content="jobs.item.confirmDelete"
      confirm="jobs.item.delete"
      cancel="jobs.item.cancel"
      confirmColor="warning"
      onClose={onClose}
      onConfirm={onConfirm}
    />
  );
}
