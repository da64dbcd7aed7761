/**
 * A job site's documents below its edit form: the files linked to the site (group JOBSITES),
 * upload with progress, download and delete. They also show in the JOBSITES group of every job at
 * that site.
 */
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, IconButton, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'ra-core';
import { useBrand } from '../brand/BrandContext';
import type { ItemPanelProps } from '../resources/itemPanels';
import { useFilesProvider } from './filesProvider';
import { downloadUrl, formatBytes } from './format';
import type { FileRow } from '../../core/files/types';
import { UploadBox } from './UploadBox';

const SHOWN = 100;

export function SiteDocumentsPanel({ id, writable }: ItemPanelProps) {
  const translate = useTranslate();
  const brand = useBrand();
  const provider = useFilesProvider();
  // Failures have already been shown and stored by the http client; the shown list stays.
  const { data, refetch } = useQuery({
    queryKey: ['files', 'site', Number(id)],
    queryFn: ({ signal }) => provider.filesFilter({ js_id: Number(id) }, 1, SHOWN, signal),
  });
  const rows = data?.rows ?? [];
  const reload = () => refetch();

  const remove = async (file: FileRow) => {
    await provider.fileDelete(file.file_id);
    await reload();
  };

  return (
    <Card variant="outlined" sx={{ mt: 2 }} component="section" aria-label={translate('files.siteDocumentsTitle')}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {translate('files.siteDocumentsTitle')}
        </Typography>
        {writable && <UploadBox path="files/upload" fields={{ f_grp_id: 'JOBSITES', js_id: id }} answerKey="files" onUploaded={() => void reload()} />}
        {rows.length === 0 ? (
          <Typography>{translate('files.empty')}</Typography>
        ) : (
          <List dense>
            {rows.map((file) => (
              <ListItem
                key={file.file_id}
                secondaryAction={
                  writable && (
                    <IconButton edge="end" onClick={() => void remove(file)} aria-label={`${translate('files.actions.delete')} ${file.name}`}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  )
                }
              >
                <ListItemText
                  primary={
                    <Link href={downloadUrl(brand.apiUrl, file)} download={file.name}>
                      {file.name}
                    </Link>
                  }
                  secondary={formatBytes(file.size)}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
