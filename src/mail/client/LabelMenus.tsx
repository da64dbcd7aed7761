/**
 * The reading pane's tag and local-folder menus: each entry is ticked when the mail has it, and
 * choosing it puts the tag on / the mail in, or takes it off / out. Empty lists say where to add them.
 */
import { useState, type ReactElement } from 'react';
import { Checkbox, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import { useTranslate } from 'ra-core';

export interface LabelItem {
  id: number;
  name: string;
  color?: string | null;
}

function LabelMenu({
  label,
  icon,
  items,
  chosen,
  onToggle,
}: {
  label: string;
  icon: ReactElement;
  items: LabelItem[];
  chosen: number[];
  onToggle: (id: number, on: boolean) => void;
}) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton aria-label={label} aria-haspopup="menu" onClick={(e) => setAnchor(e.currentTarget)}>
          {icon}
        </IconButton>
      </Tooltip>
      {/* Gone at once when closed, and no scroll lock: a leaving menu's invisible backdrop, or the page shifting
          when the lock is released, would swallow a click on the other menu's button. */}
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        transitionDuration={0}
        disableScrollLock
        slotProps={{ list: { 'aria-label': label } }}
      >
        {!items.length && <MenuItem disabled>{translate('mailClient.labels.none')}</MenuItem>}
        {items.map((item) => {
          const on = chosen.includes(item.id);
          return (
            <MenuItem key={item.id} role="menuitemcheckbox" aria-checked={on} onClick={() => onToggle(item.id, !on)}>
              <ListItemIcon>
                <Checkbox edge="start" size="small" checked={on} tabIndex={-1} disableRipple sx={{ p: 0, color: item.color ?? undefined }} />
              </ListItemIcon>
              <ListItemText primary={item.name} />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

export interface LabelMenusProps {
  tags: LabelItem[];
  folders: LabelItem[];
  tagIds: number[];
  folderIds: number[];
  onTag: (id: number, on: boolean) => void;
  onFolder: (id: number, on: boolean) => void;
}

export function LabelMenus({ tags, folders, tagIds, folderIds, onTag, onFolder }: LabelMenusProps) {
  const translate = useTranslate();
  return (
    <>
      <LabelMenu label={translate('mailClient.labels.tagMenu')} icon={<LocalOfferIcon />} items={tags} chosen={tagIds} onToggle={onTag} />
      <LabelMenu label={translate('mailClient.labels.folderMenu')} icon={<DriveFileMoveIcon />} items={folders} chosen={folderIds} onToggle={onFolder} />
    </>
  );
}
