/** "A contact shows its sites": records of another resource that link to this one, as links. */
import { useGetManyReference, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Card, CardContent, Link, List, ListItem, Typography } from '@mui/material';
import { findResource } from '../../../core/resources/definitions';
import { sortOf } from './formValues';
import type { RelatedDef } from '../../../core/resources/engine/types';

export function RelatedPanel({ related, id }: { related: RelatedDef; id: string }) {
  const translate = useTranslate();
  const target = findResource(related.resource);
  const { data, total, isPending } = useGetManyReference(
    related.resource,
    { target: related.filterKey, id, pagination: { page: 1, perPage: 50 }, sort: sortOf(target?.defaultSort ?? 'id') },
    { enabled: !!target },
  );
  if (!target) return null;
  const title = translate(related.label);
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ maxWidth: 720 }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          {title} {total !== undefined && `(${total})`}
        </Typography>
        {!isPending && !data?.length && <Typography color="text.secondary">{translate('referenceData.noRelated')}</Typography>}
        <List dense>
          {(data ?? []).map((record) => (
            <ListItem key={record.id} disableGutters>
              <Link component={RouterLink} to={`${target.itemPath}/${encodeURIComponent(String(record.id))}`}>
                {String(record[target.titleField] ?? record.id)}
              </Link>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
