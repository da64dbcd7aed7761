/**
 * The job item's Documents tab: the job's files by group (general documents, quotes and invoices,
 * work orders, mail attachments, job sites, purchase invoices, user files), upload to a group with
 * progress, the visible-to-client switch and processed flag per file, and deleting attachments.
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
  Switch,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'ra-core';
import { DeleteConfirm, type DeleteQuestion } from './DeleteConfirm';
import { useBrand } from '../brand/BrandContext';
import { FILE_GROUPS } from '../../core/enums';
import { useFilesProvider, type JobFileFlag, type Page } from './filesProvider';
import { downloadUrl, formatBytes } from './format';
import { JOB_UPLOAD_GROUPS, type FileGroup, type JobDocumentRow } from '../../core/files/types';
import { UploadBox } from './UploadBox';
import { useFileDate } from './useFileDate';

const FLAGS: readonly JobFileFlag[] = ['fxj_visible_to_client', 'fxj_processed'];
const PAGE_SIZE = 10;
type UploadGroup = (typeof JOB_UPLOAD_GROUPS)[keyof typeof JOB_UPLOAD_GROUPS] | 'USER_FILES';
const UPLOAD_GROUPS: UploadGroup[] = [...Object.values(JOB_UPLOAD_GROUPS), 'USER_FILES'];

/** The upload call for a group: the job's own calls, or files/upload linked to the job for user files. */
function uploadTarget(jobId: number, group: UploadGroup): { path: string; fields: Record<string, string>; answerKey: string } {
  const action = Object.entries(JOB_UPLOAD_GROUPS).find(([, g]) => g === group)?.[0];
  if (action) return { path: `jobs/${jobId}/${action}`, fields: {}, answerKey: 'jobs' };
  return { path: 'files/upload', fields: { f_grp_id: group, job_id: String(jobId) }, answerKey: 'files' };
}

/** `readOnly` (a customer): the list and downloads only, no upload, flags or deletes. */
export function JobDocumentsPanel({ jobId, readOnly = false }: { jobId: number; readOnly?: boolean }) {
  const translate = useTranslate();
  const brand = useBrand();
  const dateText = useFileDate();
  const [group, setGroup] = useState<FileGroup | ''>('');
  const [uploadGroup, setUploadGroup] = useState<UploadGroup>('GENERALDOCUMENTS');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirm, setConfirm] = useState<DeleteQuestion | null>(null);
  const provider = useFilesProvider();
  const queryClient = useQueryClient();
  const queryKey = ['jobs', jobId, 'documents', group, page];
  const { data, refetch } = useQuery({
    queryKey,
    queryFn: ({ signal }) => provider.jobDocuments(jobId, group || null, page + 1, PAGE_SIZE, signal),
    // Another page or group replaces the shown list when it arrives, as a table does.
    placeholderData: keepPreviousData,
  });
  const rows = data?.rows ?? [];
  const total = data?.total ?? 0;
  // What the user just switched, shown at once: react-query tells the screen of a cache change a
  // moment later, and a list asked before the change would still bring the old value.
  const [switched, setSwitched] = useState<Record<string, boolean>>({});
  const switchKey = (row: JobDocumentRow, name: JobFileFlag) => `${row.file_id}:${name}`;
  const shown = (row: JobDocumentRow, name: JobFileFlag) => switched[switchKey(row, name)] ?? row[name];
  // A new answer keeps only the selected documents it still lists with a link to this job, and the
  // switches it does not show yet (adjusted while rendering).
  const [listed, setListed] = useState(data);
  if (listed !== data) {
    setListed(data);
    if (data) {
      setSelected((s) => s.filter((id) => data.rows.some((r) => r.file_id === id && r.fxj_id !== null)));
      const shownByList = (key: string, value: boolean) => data.rows.some((r) => FLAGS.some((f) => switchKey(r, f) === key && r[f] === value));
      setSwitched((s) => Object.fromEntries(Object.entries(s).filter(([key, value]) => !shownByList(key, value))));
    }
  }
  const refresh = () => void refetch();

  const flag = async (row: JobDocumentRow, name: JobFileFlag, value: boolean) => {
    if (row.fxj_id === null) return;
    const key = switchKey(row, name);
    setSwitched((s) => ({ ...s, [key]: value }));
    await queryClient.cancelQueries({ queryKey, exact: true });
    if (await provider.jobFileSetFlag(jobId, name, [row.fxj_id], value)) {
      queryClient.setQueryData<Page<JobDocumentRow>>(
        queryKey,
        (p) => p && { ...p, rows: p.rows.map((r) => (r.file_id === row.file_id ? { ...r, [name]: value } : r)) },
      );
      return;
    }
    // Refused (the http client showed why): the list as the server has it.
    setSwitched(({ [key]: _refused, ...rest }) => rest);
    refresh();
  };

  const toDext = async (row: JobDocumentRow) => {
    if (row.fxj_id === null) return;
    // A refusal is shown by the http client.
    await provider.jobFileSendToDext(jobId, row.fxj_id, row.file_id);
    refresh();
  };

  const remove = async (ids: number[]) => {
    setConfirm(null);
    // A refusal is shown by the http client; the selection stays then.
    if (await provider.jobAttachmentsDelete(jobId, ids)) setSelected([]);
    refresh();
  };

  const t = (key: string) => translate(`files.fields.${key}`);
  const dext = !!brand.features.job?.dext;
  const target = uploadTarget(jobId, uploadGroup);
  const deletable = rows.filter((r) => r.fxj_id !== null);
  return (
    <Stack spacing={2} aria-label={translate('files.documentsTitle')}>
      <Tabs
        value={group}
        onChange={(_, v: FileGroup | '') => {
          setGroup(v);
          setPage(0);
        }}
        variant="scrollable"
        scrollButtons="auto"
      >
        <Tab value="" label={t('allGroups')} />
        {FILE_GROUPS.map((g) => (
          <Tab key={g} value={g} label={translate(`files.groups.${g}`)} />
        ))}
      </Tabs>
      {!readOnly && (
        <UploadBox path={target.path} fields={target.fields} answerKey={target.answerKey} onUploaded={refresh}>
          <FormControl size="small" sx={{ minWidth: 220 }}>
            <InputLabel id={`job-${jobId}-upload-group-label`}>{translate('files.actions.uploadTo')}</InputLabel>
            <Select
              labelId={`job-${jobId}-upload-group-label`}
              label={translate('files.actions.uploadTo')}
              value={uploadGroup}
              onChange={(e) => setUploadGroup(e.target.value as UploadGroup)}
            >
              {UPLOAD_GROUPS.map((g) => (
                <MenuItem key={g} value={g}>
                  {translate(`files.groups.${g}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </UploadBox>
      )}
      {!readOnly && (
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
      )}
      {rows.length === 0 ? (
        <Typography>{translate('files.empty')}</Typography>
      ) : (
        <Table size="small" aria-label={translate('files.documentsTitle')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={deletable.length > 0 && deletable.every((r) => selected.includes(r.file_id))}
                  onChange={(e) => setSelected(e.target.checked ? deletable.map((r) => r.file_id) : [])}
                  inputProps={{ 'aria-label': translate('files.actions.selectAll') }}
                />
              </TableCell>
              <TableCell />
              {['name', 'group', 'size', 'added', 'uploadedBy', 'visibleToClient', 'processed'].map((k) => (
                <TableCell key={k}>{t(k)}</TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.file_id} hover>
                <TableCell padding="checkbox">
                  <Checkbox
                    disabled={readOnly || r.fxj_id === null}
                    checked={selected.includes(r.file_id)}
                    onChange={(e) => setSelected((s) => (e.target.checked ? [...s, r.file_id] : s.filter((id) => id !== r.file_id)))}
                    inputProps={{ 'aria-label': translate('files.actions.select', { name: r.name }) }}
                  />
                </TableCell>
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
                <TableCell>
                  <Link href={downloadUrl(brand.apiUrl, r)} download={r.name}>
                    {r.name}
                  </Link>
                </TableCell>
                <TableCell>{translate(`files.groups.${r.f_grp_id}`)}</TableCell>
                <TableCell>{formatBytes(r.size)}</TableCell>
                <TableCell>{dateText(r.added)}</TableCell>
                <TableCell>{r.uploaded_by_name}</TableCell>
                <TableCell>
                  <Switch
                    checked={shown(r, 'fxj_visible_to_client')}
                    disabled={readOnly || r.fxj_id === null}
                    onChange={(e) => void flag(r, 'fxj_visible_to_client', e.target.checked)}
                    slotProps={{ input: { 'aria-label': `${t('visibleToClient')} ${r.name}` } }}
                  />
                </TableCell>
                <TableCell>
                  <Checkbox
                    checked={shown(r, 'fxj_processed')}
                    disabled={readOnly || r.fxj_id === null}
                    onChange={(e) => void flag(r, 'fxj_processed', e.target.checked)}
                    inputProps={{ 'aria-label': `${t('processed')} ${r.name}` }}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {!readOnly && dext && r.fxj_id !== null && r.f_grp_id === 'PURCHASE_INVOICES' && (
                    <Button size="small" onClick={() => void toDext(r)} aria-label={`${translate('files.dext.send')} ${r.name}`}>
                      {translate('files.dext.send')}
                    </Button>
                  )}
                  {!readOnly && r.fxj_id !== null && (
                    <IconButton
                      onClick={() => setConfirm({ ids: [r.file_id], text: 'files.confirm.deleteOne', options: { name: r.name } })}
                      aria-label={`${translate('files.actions.delete')} ${r.name}`}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <TablePagination component="div" count={total} page={page} rowsPerPage={PAGE_SIZE} rowsPerPageOptions={[PAGE_SIZE]} onPageChange={(_, p) => setPage(p)} />
      <DeleteConfirm asked={confirm} onCancel={() => setConfirm(null)} onConfirm={(ids) => void remove(ids)} />
    </Stack>
  );
}
