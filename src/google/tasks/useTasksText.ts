/** The tasks screens' texts, under google.tasks. */
import { useTranslate } from 'ra-core';

export function useTasksText() {
  const translate = useTranslate();
  return (k: string, opts?: Record<string, unknown>) => translate(`google.tasks.${k}`, opts);
}
