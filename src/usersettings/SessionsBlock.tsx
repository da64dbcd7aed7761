/**
 * The user's open sessions on the settings page: device, address, first and last use, and a button
 * to end any other one at once (the current one ends with Logout). Through react-admin's data
 * provider as the resource 'auth/sessions' (POST auth/sessions/filter, DELETE auth/sessions/{id}).
 */
import { Alert, Box, Button, Card, CardContent, Chip, List, ListItem, Stack, Typography } from '@mui/material';
import { useDelete, useGetList, useTranslate, type RaRecord } from 'react-admin';
import { useAuth } from '../auth/authStore';
import { DEFAULT_DATE_FORMAT, formatWireDate } from '../resources/engine/dateText';
import { describeDevice } from './device';

export const SESSIONS_RESOURCE = 'auth/sessions';

export interface SessionRecord extends RaRecord {
  id: string;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

export function SessionsBlock() {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`sessions.${key}`, options);
  const format = String(useAuth().user?.settings?.dateFormat ?? DEFAULT_DATE_FORMAT);
  const { data, isPending, error, refetch } = useGetList<SessionRecord>(SESSIONS_RESOURCE, {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'last_seen_at', order: 'DESC' },
  });
  const [remove, { isPending: ending }] = useDelete<SessionRecord>();

  const deviceText = (s: SessionRecord) => {
    const { browser, system } = describeDevice(s.user_agent);
    if (browser && system) return t('deviceOn', { browser, system });
    return browser ?? system ?? t('unknownDevice');
  };

  const end = (s: SessionRecord) => remove(SESSIONS_RESOURCE, { id: s.id, previousData: s }, { mutationMode: 'pessimistic', onSettled: () => void refetch() });

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom id="sessions-title">
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {t('hint')}
        </Typography>
        {error && <Alert severity="error">{t('loadError')}</Alert>}
        {isPending && !error && <Typography role="status">{t('loading')}</Typography>}
        {data && (
          <List aria-labelledby="sessions-title" sx={{ maxWidth: 720 }}>
            {data.map((s) => (
              <ListItem key={s.id} divider disableGutters sx={{ alignItems: 'flex-start' }}>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={1}
                  sx={{ width: '100%', justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
                >
                  <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Typography component="div" variant="body1">
                      {deviceText(s)} {s.current && <Chip size="small" color="primary" label={t('thisDevice')} sx={{ ml: 1 }} />}
                    </Typography>
                    <Typography component="p" variant="body2" color="text.secondary">
                      {t('address', { ip: s.ip ?? t('unknownAddress') })}
                    </Typography>
                    <Typography component="p" variant="body2" color="text.secondary">
                      {t('lastUsed', { when: formatWireDate(s.last_seen_at, format) })} · {t('signedIn', { when: formatWireDate(s.created_at, format) })}
                    </Typography>
                  </Box>
                  {!s.current && (
                    <Button
                      variant="outlined"
                      color="error"
                      size="small"
                      disabled={ending}
                      onClick={() => end(s)}
                      aria-label={t('endLabel', { device: deviceText(s), ip: s.ip ?? t('unknownAddress') })}
                      sx={{ flexShrink: 0 }}
                    >
                      {t('end')}
                    </Button>
                  )}
                </Stack>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
