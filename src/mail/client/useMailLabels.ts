/** The brand's mail tags and local folders (shared by all accounts), for the folder pane and the reading pane's menus. */
import { useCallback, useEffect, useState } from 'react';
import type { MailFolder, MailTag } from '../settings/types';
import { mailApi } from './mailApi';

export interface MailLabels {
  tags: MailTag[];
  folders: MailFolder[];
  /** Asks again, e.g. after a mail was put in a folder (its count changes) or the settings changed. */
  reload: () => void;
}

export function useMailLabels(): MailLabels {
  const [tags, setTags] = useState<MailTag[]>([]);
  const [folders, setFolders] = useState<MailFolder[]>([]);
  const reload = useCallback(() => {
    mailApi.tags().then(setTags, () => setTags([]));
    mailApi.localFolders().then(setFolders, () => setFolders([]));
  }, []);
  useEffect(reload, [reload]);
  return { tags, folders, reload };
}
