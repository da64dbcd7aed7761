/** The brand's mail tags and local folders (shared by all accounts), for the folder pane and the reading pane's menus. */
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailFolder, MailTag } from '../settings/types';
import { useMailProvider } from './mailProvider';

export interface MailLabels {
  tags: MailTag[];
  folders: MailFolder[];
  /** Asks again, e.g. after a mail was put in a folder (its count changes) or the settings changed. */
  reload: () => void;
}

const NONE: never[] = [];

export function useMailLabels(): MailLabels {
  const provider = useMailProvider();
  const queryClient = useQueryClient();
  // A failed answer shows no labels rather than an error: the mail client works without them.
  const tags = useQuery({ queryKey: ['mails', 'labels', 'tags'], queryFn: () => provider.mailTags().catch(() => NONE) });
  const folders = useQuery({ queryKey: ['mails', 'labels', 'folders'], queryFn: () => provider.mailLocalFolders().catch(() => NONE) });
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: ['mails', 'labels'] }), [queryClient]);
  return { tags: tags.data ?? NONE, folders: folders.data ?? NONE, reload };
}
