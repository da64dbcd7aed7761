/** One stored error: red left border if it has a message, orange if it is a warning. */
import { useState } from 'react';
import { Box, Button, Paper, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useTranslate } from 'ra-core';
import { copyErrorEntry, type CopyState } from './clipboardText';
import type { StoredError } from './types';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
      <Typography variant="caption" color="text.secondary" sx={{ minWidth: 130 }}>
        {label}
      </Typography>
      <Box sx={{ wordBreak: 'break-word', flex: 1 }}>{children}</Box>
    </Box>
  );
}

export function ErrorEntryCard({ entry }: { entry: StoredError }) {
  const translate = useTranslate();
  const [copy, setCopy] = useState<CopyState>('idle');
  const borderColor = entry.msg ? 'error.main' : 'warning.main';
  const copyLabel = copy === 'copied' ? 'errorList.copied' : copy === 'error' ? 'errorList.copyFailed' : 'errorList.copy';

  return (
    <Paper
      variant="outlined"
      data-testid="error-entry"
      data-level={entry.msg ? 'error' : 'warning'}
      sx={{ p: 1.5, borderLeft: 6, borderLeftColor: borderColor }}
    >
      <Row label={translate('errorList.url')}>
        <Typography variant="body2" component="span">
          {entry.url}
        </Typography>
      </Row>
      <Row label={translate('errorList.time')}>
        <Typography variant="body2" component="time" dateTime={entry.datetime}>
          {new Date(entry.datetime).toLocaleString()}
        </Typography>
      </Row>
      {entry.warning && (
        <Row label={translate('errorList.warning')}>
          <Typography variant="body2" component="span">
            {entry.warning}
          </Typography>
        </Row>
      )}
      {entry.msg && (
        <Row label={translate('errorList.message')}>
          <Typography variant="body2" component="span">
            {entry.msg}
          </Typography>
        </Row>
      )}
      {entry.dbErrors && entry.dbErrors.length > 0 && (
        <Row label={translate('errorList.dbDetails')}>
          <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>
            {JSON.stringify(entry.dbErrors, null, 2)}
          </Box>
        </Row>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          size="small"
          startIcon={<ContentCopyIcon fontSize="small" />}
          color={copy === 'error' ? 'error' : copy === 'copied' ? 'success' : 'primary'}
          data-state={copy}
          onClick={async () => setCopy(await copyErrorEntry(entry, navigator.clipboard, translate))}
        >
          {translate(copyLabel)}
        </Button>
      </Box>
    </Paper>
  );
}
