import { Box, Typography } from '@mui/material';
import { createElement } from 'react';
import { CreateButton, useResourceContext, useResourceDefinition, useTranslate } from 'react-admin';

/** A list with nothing in it yet (docs/product.md §8 'No data found'): what belongs here, and the way to add the first one. */
export const EmptyList = () => {
  const resource = useResourceContext() ?? '';
  const { icon } = useResourceDefinition();
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, flex: 1 }} data-testid="empty-list">
      {icon ? <Box sx={{ '& svg': { width: 72, height: 72, color: 'text.disabled' } }}>{createElement(icon)}</Box> : null}
      <Typography variant="h5" component="p" gutterBottom>
        {translate('fabquote.list.no_data')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate(`resources.${resource}.empty`, { _: '' })}
      </Typography>
      <CreateButton variant="contained" />
    </Box>
  );
};
