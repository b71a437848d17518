import type { TranslationMessages } from 'react-admin';
import { de } from './de';
import { english } from './english';
import { mergeMessages } from './merge-messages';
import { raGerman } from './ra-de';

/**
 * German, loaded the first time it is chosen (its own chunk, not the first load's): laid over English only as a
 * net, both are complete (i18n.spec.ts).
 */
export const german = mergeMessages<TranslationMessages>(english, raGerman, de);
