import { Module } from '@nestjs/common';
import { OrganizationController } from './organization.controller';

/** The admin's organization check: public data of the organization a request resolves to. */
@Module({ controllers: [OrganizationController] })
export class OrganizationModule {}
