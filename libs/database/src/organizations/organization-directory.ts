import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { Organization } from '../entities';

/**
 * How long an active organization found by its slug is remembered. Every request looks its
 * organization up; disabling one (`npm run org -- disable`, another process) takes effect within
 * this time. An unknown or disabled slug is never remembered, so a new organization works at once.
 */
export const ORGANIZATION_CACHE_MS = 5_000;

/** Finds organizations by slug; the organizations table itself is not tenant data. */
@Injectable()
export class OrganizationDirectory {
  private readonly found = new Map<string, { organization: Promise<Organization | null>; until: number }>();

  constructor(private readonly dataSource: DataSource) {}

  findActiveBySlug(slug: string): Promise<Organization | null> {
    const now = Date.now();
    const known = this.found.get(slug);
    if (known && known.until > now) return known.organization;
    // Requests arriving together share one lookup.
    const organization = this.lookUp(slug);
    const entry = { organization, until: now + ORGANIZATION_CACHE_MS };
    this.found.set(slug, entry);
    const forget = () => {
      if (this.found.get(slug) === entry) this.found.delete(slug);
    };
    organization.then((result) => (result ? undefined : forget()), forget);
    return organization;
  }

  /** Forgets what was found, so the next request reads the organization again. */
  forget(slug?: string): void {
    if (slug === undefined) this.found.clear();
    else this.found.delete(slug);
  }

  private async lookUp(slug: string): Promise<Organization | null> {
    const organization = await this.dataSource.getRepository(Organization).findOneBy({ slug, disabledAt: IsNull() });
    // Shared by the requests of the next seconds: none may change it for the others.
    return organization ? Object.freeze(organization) : null;
  }
}
