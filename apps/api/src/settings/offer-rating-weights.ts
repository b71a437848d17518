import { EntityManager } from 'typeorm';
import { settingFallback, SettingValue } from '@fabquote/database';
import { checkWeights, DEFAULT_WEIGHTS, RatingWeights } from '@fabquote/rating';
import { FieldInvalid } from '../common/app-exception';
import { SettingsRepository } from './settings.repository';

/**
 * The organization's weights of the offer rating: setting `offer-rating-weights`, a list of three
 * numbers as texts, price, delivery and completeness (`["0.6", "0.25", "0.15"]`, libs/rating's
 * defaults). Each 0 or more, not all 0; only their ratios matter.
 */
export const OFFER_RATING_WEIGHTS = 'offer-rating-weights';

const ORDER = ['price', 'delivery', 'completeness'] as const;

/** The weights a setting's value holds, or why not (the problem's message key). */
function weightsOf(value: unknown): RatingWeights | { problem: 'rating_weights_list' | `rating_weight_${(typeof ORDER)[number]}_invalid` | 'rating_weights_all_zero' } {
  if (!Array.isArray(value) || value.length !== ORDER.length || !value.every((weight) => typeof weight === 'string')) return { problem: 'rating_weights_list' };
  const weights = Object.fromEntries(ORDER.map((name, index) => [name, (value[index] as string).trim()])) as unknown as RatingWeights;
  const problem = checkWeights(weights);
  if (problem === null) return weights;
  return { problem: problem.weight === null ? 'rating_weights_all_zero' : `rating_weight_${problem.weight}_invalid` };
}

/** For a write of the setting: its weights, or a 422 on `value` in the reader's language. */
export function checkedRatingWeights(value: SettingValue | undefined): RatingWeights {
  const weights = weightsOf(value);
  if ('problem' in weights) throw new FieldInvalid('value', weights.problem);
  return weights;
}

/** The weights in force, read in the caller's tenant transaction: the setting's, else the defaults (also, with a warning in the log, for a value stored before it was checked). */
export async function ratingWeights(manager: EntityManager): Promise<RatingWeights> {
  const setting = await new SettingsRepository(manager).setting(OFFER_RATING_WEIGHTS);
  if (!setting) return DEFAULT_WEIGHTS;
  const weights = weightsOf(setting.value);
  return 'problem' in weights ? settingFallback(OFFER_RATING_WEIGHTS, setting.value, DEFAULT_WEIGHTS) : weights;
}

/** The defaults as the setting's value. */
export const DEFAULT_RATING_WEIGHTS_VALUE: string[] = ORDER.map((name) => String(DEFAULT_WEIGHTS[name]));
