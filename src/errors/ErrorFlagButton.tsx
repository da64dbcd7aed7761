/** App-bar error counter: errors since the last reset; red when one of them was a real error. */
import { Badge, IconButton, Tooltip } from '@mui/material';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import { useTranslate } from 'ra-core';
import { useStoreValue } from '../util/createStore';
import { openErrorDialog } from './errorDialogStore';
import { errorCounter } from './errorListStore';

export function ErrorFlagButton() {
  const translate = useTranslate();
  const { count, flag } = useStoreValue(errorCounter);
  const label = translate('layout.errorFlag');
  // The visible count is part of the name, so what a speech user reads out matches it.
  const name = count > 0 ? `${label} (${count})` : label;
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" aria-label={name} data-count={count} data-flag={flag ? 'on' : 'off'} onClick={openErrorDialog}>
        <Badge badgeContent={count > 0 ? count : undefined} color={flag ? 'error' : 'warning'} slotProps={{ badge: { 'aria-hidden': true } }}>
          <ReportProblemOutlinedIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
