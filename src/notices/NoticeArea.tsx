/**
 * Notices at the bottom of the screen (SPEC.md point 4). A stacked group shows its count as a
 * badge; clicking an error notice opens the error-list dialog, where its details are.
 */
import { Alert, Badge, Box, IconButton, Stack } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'ra-core';
import { openErrorDialog } from '../errors/errorDialogStore';
import { useStoreValue } from '../util/createStore';
import { notices } from './noticeStore';
import type { Notice } from './types';

function NoticeItem({ notice }: { notice: Notice }) {
  const translate = useTranslate();
  const isError = notice.kind === 'error';
  const alert = (
    <Alert
      severity={notice.kind}
      variant="filled"
      role={isError || notice.kind === 'warning' ? 'alert' : 'status'}
      data-kind={notice.kind}
      data-count={notice.count}
      title={isError ? translate('notices.openErrorList') : undefined}
      onClick={isError ? openErrorDialog : undefined}
      sx={{ cursor: isError ? 'pointer' : 'default', minWidth: 280, maxWidth: 640, boxShadow: 3 }}
      action={
        <IconButton
          size="small"
          color="inherit"
          aria-label={translate('notices.close')}
          onClick={(event) => {
            // Closing must not also open the error list.
            event.stopPropagation();
            notices.dismiss(notice.id);
          }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      }
    >
      {notice.message}
    </Alert>
  );
  if (notice.count < 2) return alert;
  return (
    <Badge
      badgeContent={notice.count}
      color="primary"
      aria-label={translate('notices.count', { count: notice.count })}
      anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
    >
      {alert}
    </Badge>
  );
}

export function NoticeArea() {
  const translate = useTranslate();
  const list = useStoreValue(notices.notices);
  return (
    <Box
      role="region"
      aria-label={translate('notices.region')}
      sx={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: (theme) => theme.zIndex.snackbar }}
    >
      <Stack spacing={1} alignItems="center">
        {list.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} />
        ))}
      </Stack>
    </Box>
  );
}
