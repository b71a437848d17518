import type { CalculationDetail } from './calculation-record';

/** The notice after "Calculate": a success, or a warning when the calculation has warnings. */
export function calculatedNotice(calculation: Pick<CalculationDetail, 'index' | 'warnings'>): [string, { type: 'success' | 'warning'; messageArgs: Record<string, unknown> }] {
  const count = calculation.warnings?.length ?? 0;
  return count > 0
    ? ['resources.calculations.calculated_with_warnings', { type: 'warning', messageArgs: { index: calculation.index, smart_count: count } }]
    : ['resources.calculations.calculated', { type: 'success', messageArgs: { index: calculation.index } }];
}
