/**
 * The quantities typed into "Calculate at quantities": whole numbers separated by commas, semicolons
 * or spaces ("1, 10, 100" or "1 10 100"). Each is sent as typed (digits as a number), so the API,
 * which checks them, names whatever is wrong in the person's language; an empty text sends none.
 */
export function parseQuantities(text: string): Array<number | string> {
  return text
    .split(/[\s,;]+/)
    .filter((token) => token !== '')
    .map((token) => (/^\d{1,15}$/.test(token) ? Number(token) : token));
}

/** The quantities as the field shows them: "1, 5, 10". */
export const quantitiesText = (quantities: readonly number[]) => quantities.join(', ');
