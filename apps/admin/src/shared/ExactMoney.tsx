import { Box, Tooltip } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { moneyShown } from './exact-money';
import { useCurrency } from './useCurrency';

/**
 * An amount to the cent in the reader's language; where the cents leave digits out, the exact value in
 * a tooltip on pointing or focusing (the matrix, the offer cards, the award preview).
 */
export const ExactMoney = ({ value, currency, label }: { value: unknown; currency?: string; label?: string }) => {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  const organizationCurrency = useCurrency();
  const { shown, exact } = moneyShown(value, locale, currency ?? organizationCurrency);
  if (!exact) return <span aria-label={label}>{shown}</span>;
  return (
    <Tooltip title={translate('fabquote.numbers.exact', { value: exact })} describeChild>
      <Box component="span" tabIndex={0} aria-label={label} data-exact={exact} sx={{ textDecoration: 'underline dotted', textUnderlineOffset: 3 }}>
        {shown}
      </Box>
    </Tooltip>
  );
};
