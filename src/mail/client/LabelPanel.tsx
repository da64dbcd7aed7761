/**
 * Under the accounts: the tags and the local folders. Choosing one lists only its mails (across
 * the accounts that are on); choosing it again, or an IMAP folder, leaves it.
 */
import { Badge, Box, List, ListItem, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
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
          aria-labelledby="mail-tags-heading"
          subheader={
            <ListSubheader id="mail-tags-heading" disableSticky sx={{ px: 1 }}>
              {translate('mailClient.labels.tags')}
            </ListSubheader>
          }
        >
          {tags.map((tag) => (
            <ListItem key={tag.mt_id} disablePadding>
              <ListItemButton selected={tagId === tag.mt_id} onClick={() => onTag(tagId === tag.mt_id ? null : tag.mt_id)}>
                <LocalOfferIcon fontSize="small" sx={{ mr: 1, color: tag.mt_color ?? 'text.secondary' }} />
                <ListItemText primary={tag.mt_name} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {folders.length > 0 && (
        <List
          dense
          aria-labelledby="mail-local-folders-heading"
          subheader={
            <ListSubheader id="mail-local-folders-heading" disableSticky sx={{ px: 1 }}>
              {translate('mailClient.labels.folders')}
            </ListSubheader>
          }
        >
          {folders.map((f) => (
            <ListItem key={f.mf_id} disablePadding>
              <ListItemButton
                selected={localFolderId === f.mf_id}
                onClick={() => onLocalFolder(localFolderId === f.mf_id ? null : f.mf_id)}
                aria-describedby={`mail-local-folder-count-${f.mf_id}`}
              >
                <FolderIcon fontSize="small" sx={{ mr: 1, color: 'text.secondary' }} />
                <ListItemText primary={f.mf_name} />
                <Badge
                  badgeContent={Number(f.mail_count)}
                  color="default"
                  max={9999}
                  sx={{ mr: 1.5 }}
                  aria-hidden
                  slotProps={{ badge: { id: `mail-local-folder-count-${f.mf_id}` } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
