/**
 * The files of a job's Drive folder (name, size, modified), each downloading through the server
 * as on the Drive page; for a user without the folder's account, or a folder Drive has lost, the hint instead.
 */
import { Alert, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import FolderIcon from '@mui/icons-material/Folder';
import { useTranslate } from 'ra-core';
import { isFolder, type JobDriveFolder } from '../../../core/google/drive';
import { useBrand } from '../../brand/BrandContext';
import { formatBytes } from '../../files/format';
import { useFileDate } from '../../files/useFileDate';
import { driveDownloadUrl } from './driveProvider';

export function JobFolderFiles({ folder }: { folder: JobDriveFolder }) {
  const translate = useTranslate();
  const t = (k: string, opts?: Record<string, unknown>) => translate(`google.jobFolder.${k}`, opts);
  const brand = useBrand();
  const date = useFileDate();
  if (folder.access === 'none') return <Alert severity="info">{t('noAccess', { email: folder.email ?? '' })}</Alert>;
  if (folder.access === 'missing') return <Alert severity="warning">{t('missing')}</Alert>;
  if (!folder.files.length) return <Typography>{t('empty')}</Typography>;
  return (
    <>
      <Typography variant="body2">{t('items', { count: folder.files.length })}</Typography>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={folder.name}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('google.drive.name')}</TableCell>
              <TableCell align="right">{translate('google.drive.size')}</TableCell>
              <TableCell>{translate('google.drive.modified')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {folder.files.map((f) => (
              <TableRow key={f.id} hover>
                <TableCell sx={{ wordBreak: 'break-word' }}>
                  {isFolder(f) ? (
                    <>
                      <FolderIcon fontSize="small" sx={{ verticalAlign: 'middle', mr: 0.5 }} aria-label={translate('google.drive.folder')} />
                      {f.name}
                    </>
                  ) : (
                    <Link
                      href={driveDownloadUrl(brand.apiUrl, folder.ga_id, f.id)}
                      download={f.name}
                      aria-label={translate('google.drive.download', { name: f.name })}
                    >
                      {f.name}
                    </Link>
                  )}
                </TableCell>
                <TableCell align="right">{f.size === null ? '' : formatBytes(f.size)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(f.modifiedTime)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {folder.nextPageToken && <Typography variant="body2">{t('more')}</Typography>}
    </>
  );
}
