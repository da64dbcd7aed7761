/**
 * The conversation view's strip above the open mail (issue 30): every mail of its conversation
 * (GET mails/{id}/thread, oldest first), the open one marked, each a button that opens it.
 * Nothing is shown for a mail alone in its conversation.
 */
import { List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useMailDateText } from './mailDates';
import { useMailProvider } from './mailProvider';

export function ConversationPanel({ id, onOpen }: { id: number; onOpen: (id: number) => void }) {
  const t = useTranslate();
  const dates = useMailDateText();
  const provider = useMailProvider();
  const { data } = useQuery({ queryKey: ['mails', 'thread', id], queryFn: ({ signal }) => provider.mailThread(id, signal) });
  if (!data || data.length < 2) return null;
  return (
    <Paper variant="outlined" component="nav" aria-label={t('mailClient.threads.panel')} sx={{ mb: 1 }}>
      <Typography variant="subtitle2" sx={{ px: 2, pt: 1 }}>
        {t('mailClient.threads.count', { count: data.length })}
      </Typography>
      <List dense disablePadding>
        {data.map((m) => (
          <ListItemButton key={m.ma_id} selected={m.ma_id === id} aria-current={m.ma_id === id ? 'true' : undefined} onClick={() => onOpen(m.ma_id)}>
            <ListItemText
              primary={m.mail_subject || t('mailClient.noSubject')}
              secondary={`${m.mail_from?.name || m.mail_from?.address || ''} · ${dates.full(m.mail_date)}`}
            />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}
