import { Controller, Get, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { Public } from './access';
import { AccessCoverageCheck } from './access.guard';

@Controller('declared')
class DeclaredController {
  @Get()
  @Public()
  open() {
    return 'ok';
  }
}

@Controller('forgotten')
class ForgottenController {
  @Get()
  oops() {
    return 'open by omission';
  }
}

describe('AccessCoverageCheck', () => {
  const boot = async (controllers: Array<new () => object>) => {
    @Module({ imports: [DiscoveryModule], controllers, providers: [AccessCoverageCheck] })
    class Host {}
    const moduleRef = await Test.createTestingModule({ imports: [Host] }).compile();
    return moduleRef.createNestApplication().init();
  };

  it('starts when every route declares who may call it', async () => {
    await (await boot([DeclaredController])).close();
  });

  it('refuses to start when a route declares nothing', async () => {
    await expect(boot([DeclaredController, ForgottenController])).rejects.toThrow('Routes without an access declaration: ForgottenController.oops');
  });
});
