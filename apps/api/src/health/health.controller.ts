import { Controller, Get, HttpStatus, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Queues, QueueName } from '@fabquote/queue';
import { OutsideTenant } from '../common/tenant-scope';
import { RETRY_AFTER_SECONDS } from '../common/unavailable';
import { Public } from '../identity';
import { ApiResponse } from '@nestjs/swagger';
import { ApiReturns } from '../openapi';
import { Health } from './health.answer';

type Check = 'up' | 'down';

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref())]);

@Controller('health')
@Public()
@OutsideTenant()
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queues: Queues,
  ) {}

  /** 200 when PostgreSQL and Redis both answer, 503 otherwise; for load balancers and compose health checks. */
  @Get()
  @ApiReturns(Health)
  @ApiResponse({ status: 503, description: 'PostgreSQL or Redis does not answer (which one says), with `Retry-After`.', schema: Health })
  async check(@Res({ passthrough: true }) response: Response): Promise<Health> {
    const [database, redis] = await Promise.all([
      this.probe(() => this.dataSource.query('SELECT 1')),
      this.probe(async () => ((await this.queues.get(QueueName.Mail).client) as unknown as { ping(): Promise<string> }).ping()),
    ]);
    const healthy = database === 'up' && redis === 'up';
    response.status(healthy ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    if (!healthy) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    return { status: healthy ? 'ok' : 'unavailable', database, redis };
  }

  private async probe(check: () => Promise<unknown>): Promise<Check> {
    try {
      await within(check(), 2000);
      return 'up';
    } catch {
      return 'down';
    }
  }
}
