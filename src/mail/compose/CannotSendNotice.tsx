/**
 * Said before the user writes: the chosen From account has no outgoing server, so Send would fail.
 * Offers the From addresses of the accounts that can send (one per account, its default first).
 */
import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { FromAlias } from './types';

export function CannotSendNotice({ from, aliases, onChoose }: { from: FromAlias; aliases: FromAlias[]; onChoose: (alias: FromAlias) => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`mailCompose.cannotSend.${key}`, options);
  const seen = new Set<number>();
  const others = aliases.filter((a) => a.can_send && !seen.has(a.mailaccount_id) && seen.add(a.mailaccount_id));
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>{t('title', { account: from.ma_name })}</AlertTitle>
      {t('why')} {others.length ? t('choose') : t('none')}
      {others.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }} useFlexGap>
          {others.map((a) => (
            <Button key={a.mailaccount_id} size="small" variant="outlined" onClick={() => onChoose(a)}>
              {t('use', { address: a.mal_email })}
            </Button>
          ))}
        </Stack>
      )}
    </Alert>
  );
}
