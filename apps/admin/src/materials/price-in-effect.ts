import type { MaterialPriceInEffect } from '../api/contracts';
import { PRICE_UNIT_PREFIX } from '../shared/choices';
import { formatDate, formatMoney, formatQuantity } from '../shared/format';
import type { Translate } from '../shared/record-notice';

export const IN_EFFECT = 'resources.materials.in_effect';

/** "1,85 € / kg": the price the engine takes, up to four decimals, per the material's price unit. */
export function unitPriceText(answer: Pick<MaterialPriceInEffect, 'unitPrice' | 'currency' | 'priceUnit'>, locale: string, translate: Translate): string {
  const unit = translate(`${PRICE_UNIT_PREFIX}.${answer.priceUnit}`, { _: answer.priceUnit });
  return `${formatMoney(answer.unitPrice, locale, answer.currency, 4)} / ${unit}`;
}

/**
 * Which price the engine takes today, in a line: "In effect: group list S235 at 2 mm, 1.85 € / kg",
 * "Gültig: eigener Preis ab 01.03.26, 1,15 € / kg".
 */
export function inEffectHeadline(answer: MaterialPriceInEffect, locale: string, translate: Translate): string {
  const price = unitPriceText(answer, locale, translate);
  switch (answer.source) {
    case 'own':
      return translate(`${IN_EFFECT}.own`, { date: formatDate(answer.validFrom, locale), price });
    case 'group_list':
      return answer.thickness === null
        ? translate(`${IN_EFFECT}.group_list_any`, { group: answer.groupName ?? '', price })
        : translate(`${IN_EFFECT}.group_list`, { group: answer.groupName ?? '', thickness: formatQuantity(answer.thickness, locale, 'mm'), price });
    case 'price_per_unit':
      return translate(`${IN_EFFECT}.price_per_unit`, { price });
    case 'none':
      return translate(`${IN_EFFECT}.none`);
  }
}

/** What the group's list valid today covers, each thickness range once: "1–3 mm, from 3 mm (from 100 pieces)"; null without a list. */
export function groupListCoverage(answer: MaterialPriceInEffect, locale: string, translate: Translate): string | null {
  if (answer.groupList.length === 0) return null;
  const mm = (value: string) => formatQuantity(value, locale, 'mm');
  const ranges = answer.groupList.map(({ thicknessFrom: from, thicknessTo: to, minQuantity }) => {
    let range: string;
    if (from !== null && to !== null) range = `${formatQuantity(from, locale)}–${mm(to)}`;
    else if (from !== null) range = translate(`${IN_EFFECT}.thickness_from`, { from: mm(from) });
    else if (to !== null) range = translate(`${IN_EFFECT}.thickness_up_to`, { to: mm(to) });
    else range = translate(`${IN_EFFECT}.any_thickness`);
    return minQuantity === null ? range : `${range} (${translate(`${IN_EFFECT}.from_pieces`, { quantity: formatQuantity(minQuantity, locale) })})`;
  });
  return translate(`${IN_EFFECT}.covers`, { group: answer.groupName ?? '', ranges: [...new Set(ranges)].join(', ') });
}

/** Whether a saved change of the price per unit is overruled: it is not the price taken, so no price changes. */
export function pricePerUnitOverruled(previous: unknown, saved: unknown, answer: Pick<MaterialPriceInEffect, 'pricePerUnitUsed'> | null): boolean {
  return answer !== null && !answer.pricePerUnitUsed && Number(previous ?? 0) !== Number(saved ?? 0);
}
