import { formatNumberList, numberProblemMessage, readNumberList } from '../../shared/numbers';

export type CalculationQuantities = { quantities: Array<number | string>; error?: undefined } | { quantities?: undefined; error: { message: string; args: Record<string, string> } };

/**
 * The quantities typed into "Calculate at quantities", in the chosen language (shared/numbers.ts): whole
 * numbers separated by "/", ";" or spaces ("1 / 10 / 1.000" in German, "1 / 10 / 1,000" in English).
 * An entry the language cannot read, or one with decimals, is refused here with the notation expected;
 * the rest go as numbers (a number too long for one as its digits), so the API names what else is wrong
 * (too many, too large) in the person's language. An empty text sends none.
 */
export function parseQuantities(text: string, locale: string): CalculationQuantities {
  const reading = readNumberList(text, locale, { whole: true });
  if (reading.problem !== undefined) return { error: numberProblemMessage(reading.problem, reading.entry, reading.suggestion, locale) };
  return { quantities: reading.values.map((value) => (/^\d{1,15}$/.test(value) ? Number(value) : value)) };
}

/** The quantities as the field shows them: "1 / 5 / 1.000" in German, "1 / 5 / 1,000" in English. */
export const quantitiesText = (quantities: readonly number[], locale: string) => formatNumberList(quantities, locale);
