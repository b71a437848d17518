import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { en } from './en';
import { mergeMessages } from './merge-messages';
import { withBraces } from './placeholders';

/** react-admin's texts, then the console's: the first load's language, and the net German is laid over. */
export const english = mergeMessages<TranslationMessages>(withBraces(englishMessages), en);
