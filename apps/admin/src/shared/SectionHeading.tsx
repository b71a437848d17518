import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A section's heading: its title (an h2), a line saying what the section holds, and its actions on
 * the right. The actions never shrink: a long German description wraps instead of squeezing a button.
 */
export const SectionHeading = ({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) => (
  <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 2, mb: 1 }}>
    <Box>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {description ? (
        <Typography variant="body2" color="text.secondary">
          {description}
        </Typography>
      ) : null}
    </Box>
    {actions ? <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexShrink: 0 }}>{actions}</Stack> : null}
  </Stack>
);
