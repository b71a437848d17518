import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PRICE_UNIT_PREFIX } from '../shared/choices';
import { MoneyText } from '../shared/values';

/** "€1.15 / kg": a material's or a group's price with what it is per. */
export const PriceWithUnit = ({ price, unit }: { price: unknown; unit: string | null | undefined }) => {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2">
      <MoneyText value={price} unitPrice />
      {unit && price !== null && price !== undefined ? ` / ${translate(`${PRICE_UNIT_PREFIX}.${unit}`, { _: unit })}` : null}
    </Typography>
  );
};
