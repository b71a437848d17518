import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { Organization } from '../entities';

/** Finds organizations by slug; the organizations table itself is not tenant data. */
@Injectable()
export class OrganizationDirectory {
  constructor(private readonly dataSource: DataSource) {}

  findActiveBySlug(slug: string): Promise<Organization | null> {
    return this.dataSource.getRepository(Organization).findOneBy({ slug, disabledAt: IsNull() });
  }
}
