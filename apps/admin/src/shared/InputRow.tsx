import { Stack } from '@mui/material';
import { ReactNode } from 'react';

/** Inputs that belong together (zip and city) side by side on wide screens, stacked on narrow ones. */
export const InputRow = ({ children }: { children: ReactNode }) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ width: '100%', columnGap: 2, '& > *': { flex: 1 } }}>
    {children}
  </Stack>
);
