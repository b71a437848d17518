import { ConfigurationError, loadConfig } from './load-config';

describe('loadConfig', () => {
  it('starts from embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.EMBEDDED_POSTGRES_DIR).toBe('./data/postgres');
  });

  it('reads and converts variables', () => {
    const config = loadConfig({ PORT: '8080', DATABASE_URL: 'postgres://u:p@db:5432/fq', REDIS_URL: '', JOB_ATTEMPTS: '7' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://u:p@db:5432/fq');
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.JOB_ATTEMPTS).toBe(7);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', OPS_TOKEN: 'short', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    const problems = (error as ConfigurationError).problems.join('\n');
    for (const variable of ['PORT', 'DATABASE_URL', 'OPS_TOKEN', 'LOG_LEVEL']) expect(problems).toContain(variable);
    expect((error as ConfigurationError).problems).toHaveLength(4);
  });

  it('takes a domain name as STAGING_DOMAIN, none by default', () => {
    expect(loadConfig({}).STAGING_DOMAIN).toBeUndefined();
    expect(loadConfig({ STAGING_DOMAIN: ' ' }).STAGING_DOMAIN).toBeUndefined();
    expect(loadConfig({ STAGING_DOMAIN: 'staging.fabquote.example' }).STAGING_DOMAIN).toBe('staging.fabquote.example');
    expect(() => loadConfig({ STAGING_DOMAIN: 'https://staging.fabquote.example/' })).toThrow(/STAGING_DOMAIN/);
  });

  it('ignores variables that are not its own', () => {
    expect(Object.keys(loadConfig({ PATH: '/usr/bin', HOME: '/root' }))).not.toContain('PATH');
  });
});
