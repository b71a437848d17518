import { INestApplicationContext } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AddressInfo } from 'node:net';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { Organization, provisionOrganization } from '@fabquote/database';
import { CHROMIUM, createTestDatabase, SmtpSink, TestDatabase, testConfig } from '@fabquote/testing';
import { startTestApi, startTestWorker } from './test-apps';

/**
 * The whole product as `npm start` serves it — API with the built admin, worker,
 * real PostgreSQL, Redis and an SMTP sink — on a free port, plus Debian's Chromium.
 */
export class BrowserStack {
  private constructor(
    readonly db: TestDatabase,
    readonly api: NestExpressApplication,
    readonly worker: INestApplicationContext,
    readonly smtp: SmtpSink,
    readonly browser: Browser,
    readonly baseUrl: string,
    readonly organization: Organization,
  ) {}

  /** `overrides`: more configuration, e.g. a local OpenAI-compatible server's `environment`. */
  static async start(overrides: Record<string, string> = {}): Promise<BrowserStack> {
    const [db, smtp] = await Promise.all([createTestDatabase(), SmtpSink.start()]);
    const organization = await provisionOrganization(db.app, { slug: 'demo', name: 'Demo Metallbau GmbH' });
    const config = testConfig(db, { SMTP_URL: smtp.url, ...overrides });
    const [api, worker] = await Promise.all([startTestApi(config), startTestWorker(config)]);
    await api.listen(0, '127.0.0.1');
    const { port } = api.getHttpServer().address() as AddressInfo;
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'],
    });
    withoutMotion(browser);
    return new BrowserStack(db, api, worker, smtp, browser, `http://localhost:${port}`, organization);
  }

  /** A fresh browser profile (empty local storage) in English unless told otherwise. */
  async page(locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await this.browser.newContext({ locale, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    return { context, page };
  }

  async stop(): Promise<void> {
    await this.browser?.close();
    await Promise.all([this.api?.close(), this.worker?.close()]);
    await this.smtp?.stop();
    await this.db?.drop();
  }
}

/**
 * Every page of every context the suites open shows the console without motion: CSS transitions and
 * animations end at once. The screens behave the same (MUI's transitions end by their timeouts, not by
 * CSS events), but Chromium paints in software here, and the frames of every fade, slide, ripple and
 * spinner took CPU the suites share with the API and the other jest worker.
 */
function withoutMotion(browser: Browser): void {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(NO_MOTION);
    return context;
  };
}

const NO_MOTION = `addEventListener('DOMContentLoaded', () => {
  const style = document.createElement('style');
  style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
  document.head.appendChild(style);
});`;
