/**
 * The sheet's named saved views (issue 28): the current filter and sort saved under a name in the
 * user's settings (sheetViews, core/jobs/home/views.ts), so they come back after a reload and on
 * another device; choosing one restores its filter and sort.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, ListItemText, Menu, MenuItem, TextField } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'ra-core';
import { MAX_VIEW_NAME, withView, type SavedView } from '../../../core/jobs/home/views';
import { useAuth } from '../../auth/authStore';
import { notify } from '../../notices/noticeStore';
import type { JobSorting } from '../../storage/clientStorage';
import { useUpdateSetting } from '../../usersettings/updateSetting';
import type { SheetFilter } from './sheetState';

interface Props {
  filter: SheetFilter;
  sort: JobSorting;
  onApply: (view: SavedView) => void;
}

const viewsOf = (value: unknown): SavedView[] => (Array.isArray(value) ? (value as SavedView[]).filter((v) => v && typeof v.name === 'string') : []);

export function SavedViews({ filter, sort, onApply }: Props) {
  const translate = useTranslate();
  const views = viewsOf(useAuth().user?.settings.sheetViews);
  const updateSetting = useUpdateSetting();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');

  async function save() {
    const trimmed = name.trim();
    if (!trimmed) return;
    if (await updateSetting('sheetViews', withView(views, { name: trimmed, filter: { ...filter }, sort })))
      notify('success', translate('jobDesk.viewSaved', { name: trimmed }));
    setNaming(false);
    setName('');
  }

  return (
    <>
      <Button variant="outlined" onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" aria-expanded={!!anchor}>
        {translate('jobDesk.views')}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {views.length === 0 && <MenuItem disabled>{translate('jobDesk.noViews')}</MenuItem>}
        {views.map((v) => (
          <MenuItem
            key={v.name}
            aria-label={translate('jobDesk.applyView', { name: v.name })}
            onClick={() => {
              setAnchor(null);
              onApply(v);
            }}
          >
            <ListItemText>{v.name}</ListItemText>
            <IconButton
              size="small"
              edge="end"
              aria-label={translate('jobDesk.deleteView', { name: v.name })}
              onClick={(e) => {
                e.stopPropagation();
                void updateSetting(
                  'sheetViews',
                  views.filter((x) => x.name !== v.name),
                );
              }}
            >
              <DeleteIcon fontSize="small" />
            </IconButton>
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            setNaming(true);
          }}
        >
          {translate('jobDesk.saveView')}
        </MenuItem>
      </Menu>
      <Dialog open={naming} onClose={() => setNaming(false)} aria-labelledby="save-view-title">
        <DialogTitle id="save-view-title">{translate('jobDesk.saveView')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            margin="dense"
            label={translate('jobDesk.viewName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && void save()}
            slotProps={{ htmlInput: { maxLength: MAX_VIEW_NAME } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setNaming(false)}>{translate('jobs.item.cancel')}</Button>
          <Button variant="contained" disabled={!name.trim()} onClick={() => void save()}>
            {translate('jobDesk.saveView')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
