/**
 * The Drafts folder in the middle column: the user's saved drafts, newest first, found by the
 * search box too. A row continues the draft; a locked one (a failed send) is marked; delete asks first.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Chip, IconButton, LinearProgress, List, ListItem, ListItemButton, ListItemText, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import LockIcon from '@mui/icons-material/Lock';
import { Link } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { Confirm } from 'react-admin';
import { useComposeProvider } from '../compose/composeProvider';
import type { DraftListRow } from '../compose/types';
import { useMailDateText } from './mailDates';

export function DraftListPane({ stext }: { stext: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`mailClient.drafts.${key}`, options);
  const dates = useMailDateText();
  const provider = useComposeProvider();
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<DraftListRow | null>(null);
  // Rows of an older search are not shown: loading until the new answer.
  const { data: rows } = useQuery({
    queryKey: ['maildrafts', 'list', stext],
    queryFn: ({ signal }) => provider.composeDrafts(stext, signal).catch((): DraftListRow[] => []),
    retry: false,
  });

  const subjectOf = (r: DraftListRow) => r.mdraft_subject || translate('mailClient.noSubject');
  const remove = async (r: DraftListRow) => {
    setAsked(null);
    await provider.composeRemove(r.mdraft_id);
    await queryClient.invalidateQueries({ queryKey: ['maildrafts', 'list'] });
  };

  if (!rows) return <LinearProgress aria-label={t('title')} />;
  if (!rows.length) return <Typography color="text.secondary">{t(stext ? 'notFound' : 'empty')}</Typography>;
  return (
    <>
      <List aria-label={t('title')} dense sx={{ overflowY: { md: 'auto' } }}>
        {rows.map((r) => {
          const to = r.mdraft_to_arr.map((a) => a.name || a.address).join(', ');
          return (
            <ListItem
              key={r.mdraft_id}
              disablePadding
              secondaryAction={
                <IconButton edge="end" aria-label={t('delete', { subject: subjectOf(r) })} onClick={() => setAsked(r)}>
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemButton component={Link} to={`/email/draft/${r.mdraft_id}`}>
                <ListItemText
                  primary={
                    <>
                      {subjectOf(r)}
                      {r.mdraft_locked && <Chip size="small" icon={<LockIcon />} label={t('locked')} color="warning" sx={{ ml: 1 }} />}
                    </>
                  }
                  secondary={`${to ? `${translate('mailClient.to')}: ${to} · ` : ''}${dates.full(r.updated_at)}`}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Confirm
        isOpen={asked !== null}
        title="mailClient.drafts.delete"
        titleTranslateOptions={{ subject: asked ? subjectOf(asked) : '' }}
        content="mailClient.drafts.confirmDelete"
        contentTranslateOptions={{ subject: asked ? subjectOf(asked) : '' }}
        confirm="ra.action.delete"
        confirmColor="warning"
        onClose={() => setAsked(null)}
        onConfirm={() => asked && void remove(asked)}
      />
    </>
  );
}
