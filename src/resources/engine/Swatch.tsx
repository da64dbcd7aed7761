/** A small colour square for 'color' fields, in lists and next to the input. */
import { Box } from '@mui/material';
import { useWatch } from 'react-hook-form';

export function Swatch({ color }: { color: unknown }) {
  const valid = typeof color === 'string' && /^#[0-9a-fA-F]{6}$/.test(color);
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        display: 'inline-block',
        width: 16,
        height: 16,
        borderRadius: 0.5,
        border: 1,
        borderColor: 'divider',
        bgcolor: valid ? color : 'transparent',
        verticalAlign: 'middle',
      }}
    />
  );
}

/** Follows the form value as the user types. */
export function ColorPreview({ source }: { source: string }) {
  return <Swatch color={useWatch({ name: source })} />;
}
