import { component, dictionary, object, text } from './answer-schema';

/** Every error: the message in the request's language, a stable code, and for a 422 one message per field. */
export const ErrorBody = component(
  'ErrorBody',
  object(
    {
      message: text(),
      code: text({ description: 'e.g. `validation_failed`, `not_found`, `no_organization`, `still_used`, `privacy_policy_required`.' }),
      errors: dictionary(text(), { description: 'Field → message (422).' }),
      errorId: text({ description: 'A 500: the id under which the log has the stack.' }),
    },
    { optional: ['code', 'errors', 'errorId'], description: 'Every error: the message in the request\'s language, a stable code, and for a 422 one message per field.' },
  ),
);

/** A confirmation in the reader's language. */
export const Message = component('Message', object({ message: text() }));
