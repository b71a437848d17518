import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength } from 'class-validator';

const POSTGRES_URL = /^postgres(ql)?:\/\/[^\s]+$/;
const REDIS_URL = /^rediss?:\/\/[^\s]+$/;
const HTTP_URL = /^https?:\/\/[^\s]+$/;
const SMTP_URL = /^smtps?:\/\/[^\s]+$/;

const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
const emptyToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * A whole number from `min` to `max` (without `max`: at least `min`), of `unit` if it has one, read from
 * its text; one message names the range for each check. The checks apply in the order of
 * `@Transform @IsInt @Min @Max` written one above the other: the last first.
 */
function WholeNumber(min: number, max?: number, unit?: string): PropertyDecorator {
  const message = `must be a whole number${unit ? ` of ${unit}` : ''}${max === undefined ? `, at least ${min}` : ` from ${min} to ${max}`}`;
  const lastFirst = [...(max === undefined ? [] : [Max(max, { message })]), Min(min, { message }), IsInt({ message }), Transform(toInt)];
  return (target, property) => lastFirst.forEach((decorate) => decorate(target, property));
}

/**
 * Every setting Fabquote reads from the environment. Each property is named exactly like its
 * variable, so an error message can point at the variable a person has to fix.
 */
export class AppConfig {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @WholeNumber(1, 65535)
  PORT = 3000;

  @IsString()
  HOST = '0.0.0.0';

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(POSTGRES_URL, { message: 'must be a postgres:// URL of a role that owns the schema' })
  DATABASE_URL?: string;

  @IsString()
  @Matches(/^[a-z_][a-z0-9_]{0,62}$/, { message: 'must be a lower-case PostgreSQL role name' })
  DATABASE_APP_USER = 'fabquote_app';

  @IsString()
  @MinLength(8, { message: 'must be at least 8 characters long' })
  DATABASE_APP_PASSWORD = 'fabquote_app_local';

  @IsString()
  EMBEDDED_POSTGRES_DIR = './data/postgres';

  @WholeNumber(1, 65535)
  EMBEDDED_POSTGRES_PORT = 54329;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(REDIS_URL, { message: 'must be a redis:// or rediss:// URL' })
  REDIS_URL?: string;

  @IsString()
  REDIS_DATA_DIR = './data/redis';

  @IsString()
  @Matches(/^[A-Za-z0-9_-]{1,40}$/, { message: 'must be 1 to 40 letters, digits, _ or -' })
  QUEUE_PREFIX = 'fabquote';

  @WholeNumber(1, 50)
  JOB_ATTEMPTS = 5;

  @WholeNumber(10, undefined, 'milliseconds')
  JOB_BACKOFF_MS = 5000;

  @WholeNumber(10, undefined, 'milliseconds')
  OUTBOX_POLL_MS = 500;

  /**
   * How long an event may stay relayed but unhandled before the relay looks for its job in Redis again
   * and, if Redis lost it (data loss, FLUSHALL, failover), adds it again under the same id (the
   * handled-jobs ledger keeps it exactly once). A job still in Redis (waiting, running, retrying) is
   * left alone, one that failed for good is recorded as failed. Work lost with Redis runs again within
   * about this long (plus OUTBOX_POLL_MS) of Redis answering: keep it well under a minute.
   */
  @WholeNumber(100, 3_600_000, 'milliseconds')
  OUTBOX_REDELIVER_MS = 20_000;

  /**
   * How long a running job's lock lasts without renewal. A worker renews it every quarter to half of
   * this; a crashed worker's jobs go back to the queue within about 1.5 times this (JobRunner).
   */
  @WholeNumber(1000, 600_000, 'milliseconds')
  JOB_LOCK_MS = 5000;

  /**
   * How often procurement's due check runs (reminders to suppliers, requests closing at their deadline):
   * the period of its BullMQ job scheduler. What is due is read from the database, so this only bounds
   * how late a reminder or a close can be. Tests make it short.
   */
  @WholeNumber(100, 3_600_000, 'milliseconds')
  PROCUREMENT_CHECK_MS = 60_000;

  /**
   * How many sign-in password checks (argon2) run at once; 8 per slot more wait, known addresses first, and
   * the rest are answered 429 `sign_in_busy` at once (docs/api-identity.md). Default: half the cores, at least 1.
   */
  @IsOptional()
  @WholeNumber(1, 64)
  SIGN_IN_PASSWORD_CHECKS?: number;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(SMTP_URL, { message: 'must be an smtp:// or smtps:// URL' })
  SMTP_URL?: string;

  @IsString()
  MAIL_FROM = 'Fabquote <no-reply@fabquote.local>';

  @IsString()
  MAIL_DIR = './data/mail';

  /**
   * The address people open the console at, for links in mails the worker sends (it has no request to
   * take the address from): a supplier's purchase-request page. Default `http://localhost:<PORT>`.
   * `{organization}` in it becomes the organization's slug (`https://{organization}.fabquote.example`);
   * on localhost or an IP address the link names the organization with `&host=<slug>`.
   */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(HTTP_URL, { message: 'must be an http(s) URL, e.g. https://fabquote.example' })
  PUBLIC_URL?: string;

  /**
   * The staging domain (`staging.fabquote.example`): on it and its subdomains the organization is the host
   * name's first label only; on every other host the `host` query parameter may name it (docs/product.md §1).
   * None (default): no host is the staging domain.
   */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^\.?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.?$/i, { message: 'must be a domain name, e.g. staging.fabquote.example' })
  STAGING_DOMAIN?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  @MinLength(16, { message: 'must be at least 16 characters long' })
  OPS_TOKEN?: string;

  /** The operator's own organization: its users with `ops.queues` may open the queue dashboard. */
  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(/^[a-z0-9][a-z0-9-]{0,62}$/, { message: 'must be an organization slug' })
  OPS_ORGANIZATION?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @IsString()
  OPENAI_API_KEY?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @Matches(HTTP_URL, { message: 'must be an http(s) URL of an OpenAI-compatible API' })
  OPENAI_BASE_URL?: string;

  /** The chat model that reads inquiries and drawings (structured output with a JSON schema). */
  @IsString()
  @MinLength(1, { message: 'must name a chat model' })
  OPENAI_MODEL = 'gpt-4.1-mini';

  @IsString()
  @MinLength(1, { message: 'must name a transcription model' })
  OPENAI_TRANSCRIPTION_MODEL = 'whisper-1';

  /** How long one call to the provider may take; longer is a failed try, which the job retries. */
  @WholeNumber(100, 600_000, 'milliseconds')
  OPENAI_TIMEOUT_MS = 60_000;

  /**
   * How a PDF goes to the chat model. `images` (default, what any OpenAI-compatible server with a
   * vision model takes: vLLM, Ollama, …): its pages rendered as PNG images (at most
   * OPENAI_DOCUMENT_MAX_PAGES), with the PDF's own text beside them; `file`: the PDF itself as an
   * OpenAI `file` part (OpenAI's own API).
   */
  @IsIn(['images', 'file'], { message: 'must be images or file' })
  OPENAI_DOCUMENT_MODE: 'images' | 'file' = 'images';

  /** Pages of a PDF sent as images (`OPENAI_DOCUMENT_MODE=images`); the text of every page is sent. */
  @WholeNumber(1, 50)
  OPENAI_DOCUMENT_MAX_PAGES = 10;

  /**
   * A CAD file (DXF, STEP) is read in a worker thread of its own (libs/cad `readCadIsolated`): after this
   * long the thread is ended and the input ends in error "too complex", the server unharmed.
   */
  @WholeNumber(1000, 600_000, 'milliseconds')
  CAD_READ_TIMEOUT_MS = 20_000;

  /** The heap of that thread, in MB: a read needing more ends in error, not the server (up to 4 reads at once per worker). */
  @WholeNumber(64, 8192, 'megabytes')
  CAD_READ_MEMORY_MB = 512;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' = 'info';

  @IsString()
  ADMIN_DIST_DIR = './apps/admin/dist';
}

/** The console's public address without a trailing slash (`PUBLIC_URL`, else this machine on `PORT`). */
export function publicUrl(config: AppConfig): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}
