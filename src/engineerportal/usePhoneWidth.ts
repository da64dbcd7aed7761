/** True at phone width (under MUI's `sm`, 600 px): the engineer view shows cards instead of tables there. */
import { useMediaQuery, useTheme } from '@mui/material';

export function usePhoneWidth(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}
