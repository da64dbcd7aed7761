/**
 * Under the accounts: the tags and the local folders. Choosing one lists only its mails (across
 * the accounts that are on); choosing it again, or an IMAP folder, leaves it.
 */
import { Badge, Box, List, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import FolderIcon from '@mui/icons-material/Folder';
import { useTranslate } from 'ra-core';
import type { MailFolder, MailTag } from '../settings/types';

export interface LabelPanelProps {
  tags: MailTag[];
  folders: MailFolder[];
  tagId: number | null;
  localFolderId: number | null;
  onTag: (id: number | null) => void;
  onLocalFolder: (id: number | null) => void;
}

export function LabelPanel({ tags, folders, tagId, localFolderId, onTag, onLocalFolder }: LabelPanelProps) {
  const translate = useTranslate();
  if (!tags.length && !folders.length) return null;
  return (
    <Box component="nav" aria-label={translate('mailClient.labels.title')} sx={{ width: { md: 240 }, flexShrink: 0 }}>
      {tags.length > 0 && (
        <List
          dense
          subheader={
            <ListSubheader disableSticky sx={{ px: 1 }}>
              {translate('mailClient.labels.tags')}
            </ListSubheader>
          }
        >
          {tags.map((tag) => (
            <ListItemButton
              key={tag.mt_id}
              selected={tagId === tag.mt_id}
              onClick={() => onTag(tagId === tag.mt_id ? null : tag.mt_id)}
              aria-label={translate('mailClient.labels.tag', { name: tag.mt_name })}
            >
              <LocalOfferIcon fontSize="small" sx={{ mr: 1, color: tag.mt_color ?? 'text.secondary' }} />
              <ListItemText primary={tag.mt_name} />
            </ListItemButton>
          ))}
        </List>
      )}
      {folders.length > 0 && (
        <List
          dense
          subheader={
            <ListSubheader disableSticky sx={{ px: 1 }}>
              {translate('mailClient.labels.folders')}
            </ListSubheader>
          }
        >
          {folders.map((f) => (
            <ListItemButton
              key={f.mf_id}
              selected={localFolderId === f.mf_id}
              onClick={() => onLocalFolder(localFolderId === f.mf_id ? null : f.mf_id)}
              aria-label={translate('mailClient.labels.folder', { name: f.mf_name })}
            >
              <FolderIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} />
              <ListItemText primary={f.mf_name} />
              <Badge badgeContent={Number(f.mail_count)} color="default" max={9999} sx={{ mr: 1.5 }} />
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}
