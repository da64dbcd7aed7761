/**
 * The sheet's filters where they fit: inline on a wide screen; on a phone (issue 28: 17 fields pushed
 * the first row 1,589 px down at 390 px) behind a Filters button, in a drawer.
 */
import { useState } from 'react';
import { Box, Button, Drawer, IconButton, Stack, Typography, useMediaQuery, useTheme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useTranslate } from 'ra-core';
import type { useJobOptions } from './options';
import { SheetFilters } from './SheetFilters';
import { toWireFilter, type SheetFilter } from './sheetState';

interface Props {
  filter: SheetFilter;
  onChange: (filter: SheetFilter) => void;
  options: ReturnType<typeof useJobOptions>;
  staff: boolean;
}

export function FilterDrawer(props: Props) {
  const translate = useTranslate();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  if (!narrow) return <SheetFilters {...props} />;
  const active = Object.keys(toWireFilter(props.filter)).length;
  return (
    <>
      <Box>
        <Button variant="outlined" startIcon={<FilterListIcon />} onClick={() => setOpen(true)} aria-expanded={open}>
          {active ? translate('jobDesk.filtersActive', { count: active, smart_count: active }) : translate('jobDesk.filtersButton')}
        </Button>
      </Box>
      <Drawer anchor="bottom" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { maxHeight: '85vh', p: 2 } } }}>
        <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="h6" component="h2">
            {translate('jobDesk.filtersButton')}
          </Typography>
          <IconButton aria-label={translate('jobDesk.closeFilters')} onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <SheetFilters {...props} />
      </Drawer>
    </>
  );
}
