/**
 * /not-allowed?to=&name=&blocked= (SPEC.md point 2): one of three reasons — a restricted sub-page
 * of this brand, a feature not active on the site, or a role not permitted — and a way out.
 */
import { Alert, Button, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HomeIcon from '@mui/icons-material/Home';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import type { Blocked } from '../../core/access/access';
import { PublicFrame } from './PageFrame';
import type { PageProps } from './types';

const REASONS: readonly Blocked[] = ['brand', 'feature', 'role'];

export function NotAllowedPage({ title }: PageProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const blocked = params.get('blocked');
  const reason: Blocked = REASONS.includes(blocked as Blocked) ? (blocked as Blocked) : 'role';
  const name = params.get('name');

  return (
    <PublicFrame title={title}>
      <Alert severity="warning" data-blocked={reason}>
        {translate(`notAllowed.reason.${reason}`)}
      </Alert>
      {name && <Typography>{translate('notAllowed.page', { name })}</Typography>}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" component={Link} to="/" startIcon={<HomeIcon />}>
          {translate('notAllowed.goHome')}
        </Button>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(-1)}>
          {translate('notAllowed.back')}
        </Button>
      </Stack>
    </PublicFrame>
  );
}
