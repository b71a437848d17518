import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router-dom';
import { AuthShell } from '../auth/AuthShell';

/**
 * The supplier's public page (docs/product.md §2) is reached by a link with a secret
 * token; the offer form comes with the procurement issue.
 */
export const PublicPurchaseRequestPage = () => {
  const translate = useTranslate();
  const { id } = useParams();
  return (
    <AuthShell title={translate('fabquote.pages.public-purchase-request')} showLocale>
      <Typography gutterBottom>{translate('fabquote.public_purchase_request.intro', { id: id ?? '' })}</Typography>
      <Typography color="text.secondary">{translate('fabquote.public_purchase_request.planned')}</Typography>
    </AuthShell>
  );
};
