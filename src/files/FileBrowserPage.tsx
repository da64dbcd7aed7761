/**
 * /data/files: every file of the brand. Filters (group, name text of at least 3 characters, type),
 * details with rename and note editing, delete and multi-delete, upload to a group with progress,
 * and thumbnails in the list when the user's isThumbsDefault setting is on.
 */
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Box,
  Button,
  Checkbox,
  FormControl,
  IconButton,
  InputLabel,
  Link,
  MenuItem,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { useTranslate } from 'ra-core';
import { DeleteConfirm, type DeleteQuestion } from './DeleteConfirm';
import { useAuth } from '../auth/authStore';
import { useBrand } from '../brand/BrandContext';
import { FILE_GROUPS } from '../../core/enums';
import { PageFrame } from '../pages/PageFrame';
import type { PageProps } from '../pages/types';
import { useFilesProvider } from './filesProvider';
import { FileDetailsDialog } from './FileDetailsDialog';
import { downloadUrl, formatBytes } from './format';
import { FILE_TYPE_CATEGORIES, type FileGroup, type FileRow, type FileTypeCategory } from '../../core/files/types';
import { UploadBox } from './UploadBox';
import { useFileDate } from './useFileDate';
import { searchProblem } from '../../core/lists/search';

const PER_PAGE = 20;

function Choice<T extends string>({
  id,
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  id: string;
  label: string;
  value: T | '';
  options: { value: T; label: string }[];
  allLabel?: string;
  onChange: (v: T | '') => void;
}) {
  return (
    <FormControl size="small" sx={{ minWidth: 200 }}>
      <InputLabel id={`${id}-label`}>{label}</InputLabel>
      <Select labelId={`${id}-label`} id={id} label={label} value={value} onChange={(e) => onChange(e.target.value as T | '')}>
        {allLabel && <MenuItem value="">{allLabel}</MenuItem>}
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

export function FileBrowserPage({ title }: PageProps) {
  const translate = useTranslate();
  const brand = useBrand();
  const dateText = useFileDate();
  const showThumbs = !!useAuth().user?.settings.isThumbsDefault;
  const [group, setGroup] = useState<FileGroup | ''>('');
  const [stext, setStext] = useState('');
  const [type, setType] = useState<FileTypeCategory | ''>('');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<FileRow | null>(null);
  const [confirm, setConfirm] = useState<DeleteQuestion | null>(null);
  const [uploadGroup, setUploadGroup] = useState<FileGroup>('USER_FILES');
  const provider = useFilesProvider();
  const queryClient = useQueryClient();

  const search = stext.trim();
  const filter = { f_grp_id: group || null, stext: search || null, type: type || null };
  const { data } = useQuery({
    queryKey: ['files', 'browser', filter, page],
    queryFn: ({ signal }) => provider.filesFilter(filter, page + 1, PER_PAGE, signal),
    // Free text counts from 3 characters (API.md); shorter text does not filter yet, and the last list stays.
    enabled: !searchProblem(search),
    // Another page or filter replaces the shown list when it arrives, as a table does.
    placeholderData: keepPreviousData,
  });
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;
  // A new answer keeps only the selected files it still lists (adjusted while rendering, as react.dev advises).
  const [listed, setListed] = useState(data);
  if (listed !== data) {
    setListed(data);
    if (data) setSelected((s) => s.filter((id) => data.rows.some((r) => r.file_id === id)));
  }
  // Asks the shown list again; not while the search text is too short (the query is off then).
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['files', 'browser'] });

  const groupOptions = FILE_GROUPS.map((g) => ({ value: g, label: translate(`files.groups.${g}`) }));
  const t = (key: string) => translate(`files.fields.${key}`);
  const allSelected = rows.length > 0 && rows.every((r) => selected.includes(r.file_id));

  const remove = async (ids: number[]) => {
    setConfirm(null);
    // A refusal is shown by the http client; the selection stays then.
    if (ids.length === 1 ? await provider.fileDelete(ids[0]) : await provider.fileDeleteList(ids)) setSelected([]);
    refresh();
  };

  return (
    <PageFrame title={title}>
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap alignItems="center">
        <Choice
          id="files-filter-group"
          label={t('group')}
          value={group}
          options={groupOptions}
          allLabel={t('allGroups')}
          onChange={(v) => {
            setGroup(v);
            setPage(0);
          }}
        />
        <TextField
          size="small"
          label={t('search')}
          value={stext}
          onChange={(e) => {
            setStext(e.target.value);
            setPage(0);
          }}
          sx={{ minWidth: 240 }}
        />
        <Choice
          id="files-filter-type"
          label={t('type')}
          value={type}
          options={FILE_TYPE_CATEGORIES.map((c) => ({ value: c, label: translate(`files.types.${c}`) }))}
          allLabel={t('allTypes')}
          onChange={(v) => {
            setType(v);
            setPage(0);
          }}
        />
      </Stack>
      <UploadBox path="files/upload" fields={{ f_grp_id: uploadGroup }} answerKey="files" onUploaded={refresh}>
        <Choice
          id="files-upload-group"
          label={translate('files.actions.uploadTo')}
          value={uploadGroup}
          options={groupOptions}
          onChange={(v) => setUploadGroup((v || 'USER_FILES') as FileGroup)}
        />
      </UploadBox>
      <Box>
        <Button
          color="error"
          startIcon={<DeleteIcon />}
          disabled={!selected.length}
          onClick={() => setConfirm({ ids: selected, text: 'files.confirm.deleteMany', options: { count: selected.length } })}
        >
          {translate('files.actions.deleteSelected')}
        </Button>
      </Box>
      {rows.length === 0 ? (
        <Typography>{translate('files.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  onChange={(e) => setSelected(e.target.checked ? rows.map((r) => r.file_id) : [])}
                  inputProps={{ 'aria-label': translate('files.actions.selectAll') }}
                />
              </TableCell>
              {showThumbs && <TableCell />}
              {['name', 'group', 'size', 'type', 'added', 'uploadedBy'].map((k) => (
                <TableCell key={k}>{t(k)}</TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.file_id} hover selected={selected.includes(r.file_id)}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.includes(r.file_id)}
                    onChange={(e) => setSelected((s) => (e.target.checked ? [...s, r.file_id] : s.filter((id) => id !== r.file_id)))}
                    inputProps={{ 'aria-label': translate('files.actions.select', { name: r.name }) }}
                  />
                </TableCell>
                {showThumbs && (
                  <TableCell sx={{ width: 72 }}>
                    {r.thumbs.length > 0 && (
                      <Box
                        component="img"
                        src={downloadUrl(brand.apiUrl, r, { size: r.thumbs[0], inline: true })}
                        alt={r.name}
                        loading="lazy"
                        sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
                      />
                    )}
                  </TableCell>
                )}
                <TableCell>
                  <Link component="button" onClick={() => setOpen(r)} title={translate('files.actions.details')}>
                    {r.name}
                  </Link>
                  {r.note && (
                    <Typography variant="caption" display="block" color="text.secondary">
                      {r.note}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{translate(`files.groups.${r.f_grp_id}`)}</TableCell>
                <TableCell>{formatBytes(r.size)}</TableCell>
                <TableCell>{r.type}</TableCell>
                <TableCell>{dateText(r.added)}</TableCell>
                <TableCell>{r.uploaded_by_name}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton
                    component="a"
                    href={downloadUrl(brand.apiUrl, r)}
                    download={r.name}
                    aria-label={`${translate('files.actions.download')} ${r.name}`}
                  >
                    <DownloadIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    onClick={() => setConfirm({ ids: [r.file_id], text: 'files.confirm.deleteOne', options: { name: r.name } })}
                    aria-label={`${translate('files.actions.delete')} ${r.name}`}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <TablePagination component="div" count={total} page={page} rowsPerPage={PER_PAGE} rowsPerPageOptions={[PER_PAGE]} onPageChange={(_, p) => setPage(p)} />
      <FileDetailsDialog
        file={open}
        onClose={() => setOpen(null)}
        onSaved={(row) => {
          setOpen(row);
          refresh();
        }}
      />
      <DeleteConfirm asked={confirm} onCancel={() => setConfirm(null)} onConfirm={(ids) => void remove(ids)} />
    </PageFrame>
  );
}
