/** Under Insert template / Insert signature when the account has none: says so and opens Mail settings there. */
import { Link } from '@mui/material';
import { useTranslate } from 'ra-core';

export function NoTextsHint({ kind, onOpenSettings }: { kind: 'templates' | 'signatures'; onOpenSettings: () => void }) {
  const translate = useTranslate();
  return (
    <>
      {translate(`mailCompose.page.${kind === 'templates' ? 'noTemplates' : 'noSignatures'}`)}{' '}
      <Link component="button" type="button" variant="caption" sx={{ verticalAlign: 'baseline' }} onClick={onOpenSettings}>
        {translate('mailCompose.page.openSettings')}
      </Link>
    </>
  );
}
