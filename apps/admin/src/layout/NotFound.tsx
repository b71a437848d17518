import HomeIcon from '@mui/icons-material/Home';
import { Button, Card, CardContent, Typography } from '@mui/material';
import { Link, Title, useTranslate } from 'react-admin';

/** Unknown paths (docs/product.md §2): says so and leads home. */
export const NotFound = () => {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }} data-testid="not-found">
      <Title title={translate('fabquote.not_found.title')} />
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('fabquote.not_found.message')}
        </Typography>
        <Button component={Link} to="/" variant="contained" startIcon={<HomeIcon />}>
          {translate('fabquote.not_found.home')}
        </Button>
      </CardContent>
    </Card>
  );
};
