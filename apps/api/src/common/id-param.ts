import { Param, ParseUUIDPipe } from '@nestjs/common';
import { RecordNotFound } from './app-exception';

/** A route's UUID parameter (`:id` unless named); anything else is the same 404 as a record that does not exist. */
export const Id = (name = 'id') => Param(name, new ParseUUIDPipe({ exceptionFactory: () => new RecordNotFound() }));
