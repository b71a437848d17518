import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, Observable } from 'rxjs';
import { Page } from './list-query';

/** Turns a {@link Page} into what ra-data-json-server reads: the rows, and the total in `X-Total-Count`. */
@Injectable()
export class PageInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown) => {
        if (!(result instanceof Page)) return result;
        const response = context.switchToHttp().getResponse<Response>();
        response.setHeader('X-Total-Count', String(result.total));
        response.setHeader('Access-Control-Expose-Headers', 'X-Total-Count');
        return result.rows;
      }),
    );
  }
}
