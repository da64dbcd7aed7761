/** One chart or group of figures on the home page: a titled section, the chart as a described figure, and its figures as links. */
import { useId, type ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';

interface Props {
  title: string;
  /** The chart; left out for figures that are numbers only. */
  chart?: ReactNode;
  /** The text under the chart, which says its numbers to everyone (and names the figure for screen readers). */
  children: ReactNode;
}

export function FigureCard({ title, chart, children }: Props) {
  const id = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={`${id}-title`} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography id={`${id}-title`} variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {chart && (
          <Box role="figure" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} sx={{ width: '100%', minWidth: 0 }}>
            {chart}
          </Box>
        )}
        <Box id={`${id}-text`}>{children}</Box>
      </CardContent>
    </Card>
  );
}
