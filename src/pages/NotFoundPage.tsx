/** SPEC.md point 2: 'Oops. Nothing here...' with a 'Go home' action. */
import { Button, Typography } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import { Link } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { PageFrame } from './PageFrame';

export function NotFoundContent() {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="p" data-testid="not-found-text">
        {translate('notFound.text')}
      </Typography>
      <div>
        <Button variant="contained" component={Link} to="/" startIcon={<HomeIcon />}>
          {translate('notFound.goHome')}
        </Button>
      </div>
    </>
  );
}

export function NotFoundPage({ title }: { title: string }) {
  return (
    <PageFrame title={title}>
      <NotFoundContent />
    </PageFrame>
  );
}
