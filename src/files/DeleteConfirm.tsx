/** The question before files are deleted (one or several), in react-admin's Confirm as every delete question. */
import { Confirm } from 'react-admin';

/** What is about to be deleted, and the files.confirm.* text that names it. */
export interface DeleteQuestion {
  ids: number[];
  text: string;
  options: Record<string, unknown>;
}

export function DeleteConfirm({ asked, onCancel, onConfirm }: { asked: DeleteQuestion | null; onCancel: () => void; onConfirm: (ids: number[]) => void }) {
  return (
    <Confirm
      isOpen={asked !== null}
      title="files.actions.delete"
      content={asked?.text ?? ''}
      contentTranslateOptions={asked?.options}
      confirm="files.actions.delete"
      cancel="files.actions.cancel"
      confirmColor="warning"
      onClose={onCancel}
      onConfirm={() => asked && onConfirm(asked.ids)}
    />
  );
}
