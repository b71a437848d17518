import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync, ValidationError } from 'class-validator';
import { config as readDotenv } from 'dotenv';
import { existsSync } from 'node:fs';
import { AppConfig } from './app-config';

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigurationError';
  }
}

const describe = (error: ValidationError): string =>
  `${error.property}=${JSON.stringify(error.value)} ${Object.values(error.constraints ?? {}).join('; ')}`;

/**
 * Reads the configuration from `source` (the process environment by default, with `.env`
 * filled in underneath) and validates it once. Every bad variable is named in one error,
 * so a person fixes them all in one go instead of one restart per variable.
 */
export function loadConfig(source: Record<string, string | undefined> = environmentWithDotenv()): AppConfig {
  const variables = new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(AppConfig, '', true, false)
      .map((metadata) => metadata.propertyName),
  );
  const picked = Object.fromEntries(Object.entries(source).filter(([key, value]) => value !== undefined && variables.has(key)));
  const config = plainToInstance(AppConfig, picked, { exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: false, forbidUnknownValues: false });
  if (errors.length > 0) {
    throw new ConfigurationError(errors.map(describe));
  }
  return config;
}

function environmentWithDotenv(): Record<string, string | undefined> {
  const fromFile = existsSync('.env') ? (readDotenv({ path: '.env', processEnv: {}, quiet: true }).parsed ?? {}) : {};
  return { ...fromFile, ...process.env };
}
