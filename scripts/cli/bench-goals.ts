/** A figure's goal: the value must stay below `below` (or at most `atMost`) and/or reach `atLeast`. */
export interface Goal {
  below?: number;
  atMost?: number;
  atLeast?: number;
}

const number = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(value >= 100 ? 0 : value >= 10 ? 1 : 2));

/** "< 0.5 ms", "≥ 1000 jobs/s", "≤ 1.1×". */
export function describeGoal(goal: Goal, unit: string): string {
  const suffix = unit ? (unit === '×' ? unit : ` ${unit}`) : '';
  const parts: string[] = [];
  if (goal.atLeast !== undefined) parts.push(`≥ ${String(goal.atLeast)}${suffix}`);
  if (goal.below !== undefined) parts.push(`< ${String(goal.below)}${suffix}`);
  if (goal.atMost !== undefined) parts.push(`≤ ${String(goal.atMost)}${suffix}`);
  return parts.join(' and ');
}

/** Whether `value` meets `goal`. */
export function meets(value: number, goal: Goal): boolean {
  return (
    (goal.below === undefined || value < goal.below) &&
    (goal.atMost === undefined || value <= goal.atMost) &&
    (goal.atLeast === undefined || value >= goal.atLeast)
  );
}

/**
 * The bench's lines for one figure of the table: `  <name>: <value> <unit> (goal <goal>)`, and, when the value
 * misses its goal, `MISSED: <name> <value> <unit> (goal <goal>)`. Every part of the bench prints its figures so,
 * so one `npm run bench` shows each figure against its goal and `grep MISSED` lists the ones that miss.
 */
export function figure(name: string, value: number, unit: string, goal: Goal): string[] {
  const shown = `${number(value)}${unit === '×' ? unit : unit ? ` ${unit}` : ''}`;
  const wanted = describeGoal(goal, unit);
  const lines = [`  ${name}: ${shown} (goal ${wanted})`];
  if (!meets(value, goal)) lines.push(`MISSED: ${name} ${shown} (goal ${wanted})`);
  return lines;
}
