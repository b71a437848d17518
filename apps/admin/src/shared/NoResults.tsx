import { Box, Typography } from '@mui/material';
import { Button, useListContextWithProps, useTranslate } from 'react-admin';

/**
 * What a table or a phone's lines show when no row is there to show (the theme's default `empty` of
 * every DataTable and SimpleList, layout/theme.ts): with a search or filter set, docs/product.md §8's
 * 'No results found' and a way to clear them; without one (a record's own rows), 'No data found'. A list page
 * with no rows at all and nothing filtered shows its EmptyList instead (react-admin's List decides).
 */
export const NoResults = () => {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContextWithProps({});
  const filtered = !!filterValues && !!setFilters && Object.keys(filterValues).length > 0;
  return (
    <Box sx={{ p: 2 }} data-testid={filtered ? 'no-results' : 'no-data'} role="status">
      <Typography variant="body2" component="span" color="text.secondary">
        {translate(filtered ? 'fabquote.list.no_results' : 'fabquote.list.no_data')}
      </Typography>
      {filtered ? <Button onClick={() => setFilters?.({}, [])} label="ra.navigation.clear_filters" sx={{ ml: 1 }} /> : null}
    </Box>
  );
};
