import { Box, Typography } from '@mui/material';
import { ReactNode } from 'react';
import { SimpleShowLayout, useTranslate } from 'react-admin';

/** A titled group of a record's fields on its view page (contact, address, secondary contact). */
export const ShowSection = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate(title)} sx={{ flex: 1, minWidth: 260 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, px: 2, pt: 2 }}>
        {translate(title)}
      </Typography>
      <SimpleShowLayout>{children}</SimpleShowLayout>
    </Box>
  );
};
