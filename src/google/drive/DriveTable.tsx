/**
 * One Drive folder as a table (name, size, modified, created), folders first as Google orders them;
 * a folder opens by its name's button (click or Enter), a file downloads by its link, delete asks
 * first. Pages of 100 come one at a time by "Load more", as a large folder would be slow at once.
 */
import { useState } from 'react';
import { Alert, Box, Button, IconButton, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import FolderIcon from '@mui/icons-material/Folder';
import { useTranslate } from 'ra-core';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { isFolder, type DriveFile } from '../../../core/google/drive';
import { useBrand } from '../../brand/BrandContext';
import { formatBytes } from '../../files/format';
import { useFileDate } from '../../files/useFileDate';
import { DriveDeleteDialog } from './DriveDeleteDialog';
import { driveDownloadUrl, driveFolderKey, useDriveProvider } from './driveProvider';

// The created column gives way first on a phone.
const wide = { display: { xs: 'none', sm: 'table-cell' } };

export function DriveTable({ gaId, folderId, onOpen }: { gaId: number; folderId: string; onOpen: (folder: DriveFile) => void }) {
  const translate = useTranslate();
  const t = (k: string, opts?: Record<string, unknown>) => translate(`google.drive.${k}`, opts);
  const provider = useDriveProvider();
  const brand = useBrand();
  const date = useFileDate();
  const queries = useQueryClient();
  const [deleting, setDeleting] = useState<DriveFile | null>(null);
  const pages = useInfiniteQuery({
    queryKey: driveFolderKey(gaId, folderId),
    queryFn: ({ pageParam, signal }) => provider.driveFolder(gaId, folderId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextPageToken,
  });
  const trash = useMutation({
    mutationFn: (file: DriveFile) => provider.driveTrash(gaId, file.id),
    onSuccess: () => queries.invalidateQueries({ queryKey: driveFolderKey(gaId, folderId) }),
  });
  const files = pages.data?.pages.flatMap((p) => p.files) ?? [];

  return (
    <Box>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('pages.googleDrive')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('name')}</TableCell>
              <TableCell align="right">{t('size')}</TableCell>
              <TableCell>{t('modified')}</TableCell>
              <TableCell sx={wide}>{t('created')}</TableCell>
              <TableCell align="right">{t('actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {files.map((f) => (
              <TableRow key={f.id} hover>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  {isFolder(f) ? (
                    <Link component="button" type="button" onClick={() => onOpen(f)} aria-label={t('open', { name: f.name })} sx={{ textAlign: 'left' }}>
                      <FolderIcon fontSize="small" sx={{ verticalAlign: 'middle', mr: 0.5 }} aria-hidden />
                      {f.name}
                    </Link>
                  ) : (
                    f.name
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {f.size === null ? '' : formatBytes(f.size)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(f.modifiedTime)}</TableCell>
                <TableCell sx={{ ...wide, whiteSpace: 'nowrap' }}>{date(f.createdTime)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {!isFolder(f) && (
                    <IconButton component="a" href={driveDownloadUrl(brand.apiUrl, gaId, f.id)} download aria-label={t('download', { name: f.name })}>
                      <DownloadIcon />
                    </IconButton>
                  )}
                  <IconButton onClick={() => setDeleting(f)} aria-label={t('delete', { name: f.name })} disabled={trash.isPending}>
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pages.isSuccess && files.length === 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('empty')}
        </Alert>
      )}
      {pages.hasNextPage && (
        <Button sx={{ mt: 1 }} variant="outlined" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
          {t('loadMore')}
        </Button>
      )}
      <DriveDeleteDialog
        file={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={(file) => {
          setDeleting(null);
          // The http client has already shown why a refused delete was refused.
          trash.mutateAsync(file).catch(() => undefined);
        }}
      />
    </Box>
  );
}
